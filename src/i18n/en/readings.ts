import type esReadings from '../es/readings';
import type { Translation } from '../merge';

const readings: Translation<typeof esReadings> = {
  app: {
    readings: {
      delete: 'Delete readings (%{count})',
      confirm_title: 'Delete the readings of %{name}',
      confirm: 'The stored readings of %{name} (%{count}) will be deleted, with everything computed from them: energy, charts and savings. The plant and its equipment stay. This cannot be undone.',
      confirm_button: 'Delete readings',
    },
    messages: {
      plant_readings: { deleted: 'Readings deleted successfully.', delete_error: 'An error occurred while deleting the readings.' },
    },
  },
};
export default readings;
