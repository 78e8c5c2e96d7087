/** A plant's readings, deleted only by their own action on the plant's page (staff). */
const readings = {
  app: {
    readings: {
      delete: 'Eliminar lecturas (%{count})',
      confirm_title: 'Eliminar las lecturas de %{name}',
      confirm: 'Se eliminarán las lecturas guardadas de %{name} (%{count}) y todo lo calculado con ellas: energía, gráficos y ahorro. La central y sus equipos se mantienen. Esta acción no se puede deshacer.',
      confirm_button: 'Eliminar lecturas',
    },
    messages: {
      plant_readings: { deleted: 'Lecturas eliminadas exitosamente.', delete_error: 'Ocurrió un error al eliminar las lecturas.' },
    },
  },
};
export default readings;
