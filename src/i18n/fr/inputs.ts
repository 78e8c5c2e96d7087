/** Number and date fields of the forms (issue 33): how a number or a date is refused, and the fields the contract added. */
import type esInputs from '../es/inputs';
import type { Translation } from '../merge';

const inputs: Translation<typeof esInputs> = {
  resources: {
    'power-plants': { fields: { elevation_m: 'Altitude (m)' } },
    panels: { fields: { temperature_coefficient_pct: 'Coefficient de température (%/°C)' } },
  },
  app: {
    inputs: {
      number_invalid: 'Saisissez un nombre (par exemple %{example}).',
      number_ambiguous: '« %{text} » peut se lire de deux façons : écrivez %{thousands} ou %{decimal}.',
      date_incomplete: 'Saisissez la date complète (%{format}).',
    },
  },
};

export default inputs;
