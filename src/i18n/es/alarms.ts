/** Alarms (issue 10): the list, the detail with its history, the plant's panel, thresholds and the opt-out. Kind names come from contract/alarms.ts. */
const alarms = {
  resources: {
    tickets: { fields: { alarm: 'Alarma' } },
    alarms: {
      name: 'Alarma |||| Alarmas',
      empty: 'No hay alarmas registradas',
      fields: {
        id: 'ID', kind: 'Tipo', status: 'Estado', plant: 'Planta', plant_name: 'Planta', project: 'Proyecto', project_name: 'Proyecto',
        where: 'Dónde', opened_at: 'Abierta el', closed_at: 'Cerrada el', acknowledged_by_name: 'Reconocida por',
        acknowledged_comment: 'Comentario', ticket: 'Ticket', opened_from: 'Abierta desde', opened_to: 'Abierta hasta',
      },
    },
  },
  app: {
    alarms: {
      status: { open: 'Abierta', acknowledged: 'Reconocida', closed: 'Cerrada' },
      events: {
        opened: 'Se abrió',
        acknowledged: 'Reconocida por %{user}',
        ticket: 'Convertida en el ticket #%{ticket} por %{user}',
        closed: 'Se cerró: la condición desapareció',
      },
      history: 'Historial',
      seen: 'Lo que vio la regla',
      acknowledge: 'Reconocer',
      acknowledge_title: 'Reconocer la alarma',
      acknowledge_help: 'Cuenta qué se hará: el cliente y el resto del equipo lo verán en el historial.',
      comment: 'Comentario',
      comment_required: 'El comentario es requerido',
      to_ticket: 'Convertir en ticket',
      ticket_link: 'Ver el ticket #%{id}',
      from_alarm: 'Creado a partir de la alarma #%{id}',
      plant_panel: { title: 'Alarmas abiertas', none: 'Sin alarmas abiertas.', all: 'Todas las alarmas de la planta' },
      details: {
        last_reading_at: 'Última lectura', threshold_minutes: 'Minutos de luz sin datos (umbral)', status: 'Estado informado',
        error_code: 'Código de error', pct_of_siblings: '% de sus pares por Wp', threshold_pct: 'Umbral (%)', power_w: 'Potencia DC media (W)',
        installed_wp: 'Potencia instalada (Wp)', siblings_w_per_wp: 'Pares (W por Wp)', window_from: 'Desde', window_to: 'Hasta',
        day: 'Día', yield_kwh_per_kwp: 'Rendimiento (kWh/kWp)', charged_kwh: 'Carga de la batería (kWh)', min_soc: 'Carga mínima (%)',
        threshold_kwh: 'Carga mínima exigida (kWh)', actual_kwh: 'Producción (kWh)', expected_kwh: 'Esperado para la época (kWh)',
        overcast_kwh: 'Esperado en un día nublado (kWh)', pct_of_expected: '% de lo esperado',
      },
      thresholds: {
        title: 'Umbrales de alarma de esta planta',
        help: 'Vacío: se usa el valor del portal, indicado debajo.',
        portal: 'Del portal: %{value}',
        save: 'Guardar umbrales',
        portal_title: 'Umbrales de alarma del portal',
        portal_help: 'Valen para todas las plantas; en la página de una planta puedes darle umbrales propios.',
        fields: {
          alarm_offline_minutes: 'Minutos de luz sin datos', alarm_sibling_pct: 'MPPT bajo sus pares (%)',
          alarm_sibling_window_minutes: 'Ventana de comparación (minutos)', alarm_sunny_kwh_per_kwp: 'Día soleado desde (kWh/kWp)',
          alarm_battery_min_kwh: 'Carga mínima de la batería (kWh)', alarm_expected_pct: 'Producción bajo lo esperado (%)',
        },
      },
      opt_out: {
        title: 'Avisos de alarmas',
        help: 'Recibe aviso (campana y correo) de estos tipos de alarma:',
        save: 'Guardar avisos',
      },
    },
    messages: {
      alarm: {
        acknowledged: 'Alarma reconocida exitosamente.',
        acknowledge_error: 'Ocurrió un error al reconocer la alarma.',
        ticket_made: 'Ticket creado a partir de la alarma exitosamente.',
        ticket_error: 'Ocurrió un error al crear el ticket de la alarma.',
        thresholds_saved: 'Umbrales de alarma guardados exitosamente.',
        thresholds_error: 'Ocurrió un error al guardar los umbrales de alarma.',
        opt_out_saved: 'Avisos de alarmas guardados exitosamente.',
        opt_out_error: 'Ocurrió un error al guardar los avisos de alarmas.',
      },
    },
  },
};
export default alarms;
