import type esCatalogue from '../es/catalogue';
import type { Translation } from '../merge';

const en: Translation<typeof esCatalogue> = {
  resources: {
    equipments: { fields: { power_w: 'Rated power (W)' } },
  },
  app: {
    messages: {
      panels: {
        created: '%{smart_count} panel added successfully. |||| %{smart_count} panels added successfully.',
        create_error: 'An error occurred while adding the panels.',
      },
    },
    screens: {
      add_panels: {
        title: 'Add panels',
        model: 'Model',
        model_required: "Choose the panels' model",
        count: 'Quantity',
        count_required: 'Say how many panels to add',
        count_range: 'Enter a quantity between %{min} and %{max}.',
        count_help: "Numbered on from the string's panels",
        submit: 'Add',
      },
      orientation: {
        tilt_help: '0° = horizontal, 90° = vertical',
        azimuth_help: 'Where the panels face, clockwise from north: 0° north, 90° east, 180° south, 270° west. In PVGIS 0° is south: add 180°.',
        tilt_range: 'Tilt goes from 0° (horizontal) to 90° (vertical).',
        azimuth_range: 'Azimuth goes from 0° to 360°, measured from north.',
        compass: 'The panels face %{azimuth}° from north',
        north: 'N', east: 'E', south: 'S', west: 'W',
      },
      notifications_tabs: {
        received: 'Received',
        sent: 'Sent',
      },
    },
  },
};
export default en;
