/** Number and date fields of the forms (issue 33): how a number or a date is refused, and the fields the contract added. */
import type esInputs from '../es/inputs';
import type { Translation } from '../merge';

const inputs: Translation<typeof esInputs> = {
  resources: {
    'power-plants': { fields: { elevation_m: 'الارتفاع عن سطح البحر (م)' } },
    panels: { fields: { temperature_coefficient_pct: 'معامل درجة الحرارة (%/°C)' } },
  },
  app: {
    inputs: {
      number_invalid: 'أدخل رقمًا (مثلًا %{example}).',
      number_ambiguous: 'يمكن قراءة «%{text}» بطريقتين: اكتب %{thousands} أو %{decimal}.',
      date_incomplete: 'أدخل التاريخ كاملًا (%{format}).',
    },
  },
};

export default inputs;
