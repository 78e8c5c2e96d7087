/** The monitoring page's figures (issues 10 and 11): periods, savings split, series, expected production. */
const monitoringFigures = {
  app: {
    monitoring: {
      figures: {
        time: 'Hora (%{zone})',
        period: {
          now: 'Ahora',
          today: 'Hoy, %{date}',
          month: 'Este mes: %{month}',
          year: 'Este año: %{year}',
          lifetime: 'Desde la puesta en marcha',
        },
        consumption_today: 'Consumo',
        specific_yield: 'Rendimiento específico: %{value}',
        performance: '%{ratio} de lo esperado (%{expected})',
        vs_last_year: '%{change} frente a %{month} a la misma fecha (%{value})',
        no_last_year: 'Sin datos de %{month} para comparar',
        savings: {
          today: 'Ahorro hoy',
          month: 'Ahorro del mes',
          lifetime: 'Ahorro total',
          self_consumption: 'Autoconsumo: %{value}',
          export_income: 'Inyección: %{value}',
          self_energy: '%{energy} autoconsumidos',
          export_energy: '%{energy} inyectados',
          prices: 'Precios de este mes: %{tariff} el kWh comprado, %{injection} el kWh inyectado',
          unmetered: 'Sin medición de la red: toda la producción se valora a la tarifa, como autoconsumo.',
        },
        series: {
          production: 'Producción (%{unit})',
          self_consumed: 'Autoconsumo (%{unit})',
          exported: 'Inyección a la red (%{unit})',
          import: 'Compra a la red (%{unit})',
          consumption: 'Consumo (%{unit})',
          battery: 'Batería (%{unit}: + carga / − descarga)',
          charge: 'Carga de la batería (%{unit})',
          discharge: 'Descarga de la batería (%{unit})',
          soc: 'Estado de carga de la batería (%{unit})',
          expected: 'Producción esperada (%{unit})',
        },
        forecast: {
          title: 'Producción esperada a 3 días',
          error: 'No se pudo calcular la producción esperada.',
          sky_forecast: 'Según la nubosidad del pronóstico del tiempo.',
          sky_climatology: 'Según la nubosidad típica de la zona (sin pronóstico del tiempo).',
        },
        warnings: {
          rough: 'Estimación aproximada: %{reasons}.',
          missing: 'Sin producción esperada: %{reasons}.',
          no_location: 'la central no tiene coordenadas',
          no_capacity: 'la central no tiene paneles ni potencia instalada',
          no_panels: 'sin paneles descritos, se usa la potencia instalada',
          string_without_panels: 'un string no tiene paneles',
          panel_without_power: 'hay paneles sin potencia',
          capacity_mismatch: 'los paneles no coinciden con la potencia instalada',
          no_inverter_power: 'un inversor no tiene potencia nominal',
        },
        project: {
          option: 'Todo el proyecto',
          hint: 'Totales de todas las centrales del proyecto. Elige una central para ver su potencia en vivo, su historial y sus pronósticos.',
          error: 'No se pudieron obtener los totales del proyecto. Inténtalo de nuevo en unos minutos.',
        },
      },
      // The plant's status as the API gives it (issue 33, item 9): 'fault' and the alarm behind it.
      fault: 'Falla',
      fault_banner: 'Alarma abierta: %{kind}',
      fault_link: 'Ver la alarma',
    },
  },
};

export default monitoringFigures;
