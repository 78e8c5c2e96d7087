/**
 * Issue 33's catalogue texts: a model's rated power, panels added many at once, the orientation of a
 * string (its convention and compass) and the received notifications of staff.
 */
export default {
  resources: {
    equipments: { fields: { power_w: 'Potencia nominal (W)' } },
  },
  app: {
    messages: {
      panels: {
        created: '%{smart_count} panel agregado exitosamente. |||| %{smart_count} paneles agregados exitosamente.',
        create_error: 'Ocurrió un error al agregar los paneles.',
      },
    },
    screens: {
      add_panels: {
        title: 'Agregar paneles',
        model: 'Modelo',
        model_required: 'Elige el modelo de los paneles',
        count: 'Cantidad',
        count_required: 'Indica cuántos paneles agregar',
        count_range: 'Indica una cantidad entre %{min} y %{max}.',
        count_help: 'Se numeran a continuación de los paneles del string',
        submit: 'Agregar',
      },
      orientation: {
        tilt_help: '0° = horizontal, 90° = vertical',
        azimuth_help: 'Hacia dónde miran los paneles, desde el norte en el sentido del reloj: 0° norte, 90° este, 180° sur, 270° oeste. En PVGIS el 0° es el sur: súmale 180°.',
        tilt_range: 'La inclinación va de 0° (horizontal) a 90° (vertical).',
        azimuth_range: 'El azimut va de 0° a 360°, medido desde el norte.',
        compass: 'Los paneles miran a %{azimuth}° desde el norte',
        north: 'N', east: 'E', south: 'S', west: 'O',
      },
      notifications_tabs: {
        received: 'Recibidas',
        sent: 'Enviadas',
      },
    },
  },
};
