/** Number and date fields of the forms (issue 33): how a number or a date is refused, and the fields the contract added. */
const inputs = {
  resources: {
    'power-plants': { fields: { elevation_m: 'Altitud (m s. n. m.)' } },
    panels: { fields: { temperature_coefficient_pct: 'Coeficiente de temperatura (%/°C)' } },
  },
  app: {
    inputs: {
      number_invalid: 'Escribe un número (por ejemplo %{example}).',
      number_ambiguous: '«%{text}» se puede leer de dos formas: escribe %{thousands} o %{decimal}.',
      date_incomplete: 'Escribe la fecha completa (%{format}).',
    },
  },
};

export default inputs;
