/** Number and date fields of the forms (issue 33): how a number or a date is refused, and the fields the contract added. */
import type esInputs from '../es/inputs';
import type { Translation } from '../merge';

const inputs: Translation<typeof esInputs> = {
  resources: {
    'power-plants': { fields: { elevation_m: '海拔（米）' } },
    panels: { fields: { temperature_coefficient_pct: '温度系数 (%/°C)' } },
  },
  app: {
    inputs: {
      number_invalid: '请输入数字（例如 %{example}）。',
      number_ambiguous: '“%{text}”有两种读法：请写作 %{thousands} 或 %{decimal}。',
      date_incomplete: '请输入完整日期（%{format}）。',
    },
  },
};

export default inputs;
