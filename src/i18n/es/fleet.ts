/** The fleet view (issue 10): its columns, filters and statuses. */
const fleet = {
  resources: {
    fleet: {
      name: 'Flota |||| Flota',
      empty: 'No hay plantas registradas',
      fields: {
        name: 'Planta',
        project_name: 'Proyecto',
        commune_name: 'Comuna',
        project: 'Proyecto',
        tag: 'Etiqueta',
        commune: 'Comuna',
        capacity_kwp: 'Potencia (kWp)',
        status: 'Estado',
        last_reading: 'Última lectura',
        power_w: 'Potencia actual',
        energy_today_wh: 'Energía hoy',
        energy_month_wh: 'Energía del mes',
        yield_today: 'Rendimiento hoy (kWh/kWp)',
        yield_month: 'Rendimiento del mes (kWh/kWp)',
        performance_today: 'Desempeño hoy',
        performance_month: 'Desempeño del mes',
        open_alarms: 'Alarmas abiertas',
      },
    },
  },
  app: {
    screens: {
      fleet: {
        // Headers of the columns 'energy and, under it, specific yield' of today and of this month.
        today: 'Hoy',
        this_month: 'Este mes',
        online: 'En línea',
        offline: 'Sin conexión',
        fault: 'Falla',
        since: 'desde %{time}',
        never: 'Sin lecturas',
        summary: '%{power} · hoy %{energy} · %{alarms}',
        open_alarms: '%{count} alarma |||| %{count} alarmas',
      },
    },
  },
};

export default fleet;
