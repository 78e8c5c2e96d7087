/** Number and date fields of the forms (issue 33): how a number or a date is refused, and the fields the contract added. */
import type esInputs from '../es/inputs';
import type { Translation } from '../merge';

const inputs: Translation<typeof esInputs> = {
  resources: {
    'power-plants': { fields: { elevation_m: 'Elevation (m above sea level)' } },
    panels: { fields: { temperature_coefficient_pct: 'Temperature coefficient (%/°C)' } },
  },
  app: {
    inputs: {
      number_invalid: 'Enter a number (for example %{example}).',
      number_ambiguous: '“%{text}” can be read two ways: write %{thousands} or %{decimal}.',
      date_incomplete: 'Enter the whole date (%{format}).',
    },
  },
};

export default inputs;
