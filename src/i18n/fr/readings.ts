import type esReadings from '../es/readings';
import type { Translation } from '../merge';

const readings: Translation<typeof esReadings> = {
  app: {
    readings: {
      delete: 'Supprimer les lectures (%{count})',
      confirm_title: 'Supprimer les lectures de %{name}',
      confirm: 'Les lectures enregistrées de %{name} (%{count}) seront supprimées, avec tout ce qui en est calculé : énergie, graphiques et économies. La centrale et ses équipements restent. Cette action est irréversible.',
      confirm_button: 'Supprimer les lectures',
    },
    messages: {
      plant_readings: { deleted: 'Lectures supprimées avec succès.', delete_error: 'Une erreur est survenue lors de la suppression des lectures.' },
    },
  },
};
export default readings;
