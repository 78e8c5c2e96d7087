/** Chile's communes by region (placeholder subset, completed in a following commit). */
export const CHILE_COMMUNES: Record<string, string[]> = {
  'Región Metropolitana de Santiago': ['Santiago', 'Providencia', 'Las Condes', 'Maipú', 'Puente Alto'],
};
