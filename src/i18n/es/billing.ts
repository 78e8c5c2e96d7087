/**
 * Net billing (issue 38, docs/billing.md): the staff's distributors, tariffs and injection prices
 * with their CSV import, and the plant's bill on the monitoring page.
 */
const entity = (noun: string, gender: 'm' | 'f', object: string) => {
  const done = (stem: string) => `${noun} ${stem}${gender === 'f' ? 'a' : 'o'} exitosamente.`;
  const failed = (verb: string) => `Ocurrió un error al ${verb} ${object}.`;
  return {
    created: done('cread'), updated: done('actualizad'), deleted: done('eliminad'),
    create_error: failed('crear'), update_error: failed('actualizar'), delete_error: failed('eliminar'),
  };
};

export default {
  resources: {
    tariffs: {
      name: 'Tarifa |||| Tarifas',
      empty: 'Esta distribuidora no tiene tarifas',
      fields: {
        distributor: 'Distribuidora', option: 'Opción tarifaria', valid_from: 'Vigente desde', valid_to: 'Vigente hasta',
        fixed_charge: 'Cargo fijo (CLP/mes)', energy_charge: 'Cargo por energía (CLP/kWh)',
        transmission_charge: 'Cargo por transmisión (CLP/kWh)', public_service_charge: 'Cargo por servicio público (CLP/kWh)',
        winter_charge: 'Energía adicional de invierno (CLP/kWh)', winter_threshold_kwh: 'Límite de invierno (kWh)',
        winter_from_month: 'Invierno desde el mes', winter_to_month: 'Invierno hasta el mes',
        demand_charge: 'Cargo por demanda (CLP/kW)', peak_demand_charge: 'Demanda en horas de punta (CLP/kW)',
        source: 'Fuente',
      },
    },
    'injection-prices': {
      name: 'Precio de inyección |||| Precios de inyección',
      empty: 'Esta distribuidora no tiene precios de inyección',
      fields: { distributor: 'Distribuidora', month: 'Mes', price: 'Precio (CLP/kWh)', source: 'Fuente' },
    },
    'real-bills': {
      name: 'Boleta |||| Boletas',
      empty: 'Aún no ingresas boletas',
      fields: { plant: 'Central', month: 'Mes (AAAA-MM)', bought_kwh: 'kWh comprados', injected_kwh: 'kWh inyectados', amount: 'Monto total (CLP, con IVA)', attachment: 'Foto o PDF de la boleta' },
    },
  },
  app: {
    messages: {
      distributor: entity('Distribuidora', 'f', 'la distribuidora'),
      tariff: entity('Tarifa', 'f', 'la tarifa'),
      injection_price: entity('Precio de inyección', 'm', 'el precio de inyección'),
      real_bill: entity('Boleta', 'f', 'la boleta'),
      csv_import: {
        done: 'Archivo importado: %{created} filas nuevas, %{updated} actualizadas.',
        error: 'No se importó nada: corrige estas filas y vuelve a subir el archivo.',
        unreadable: 'No se pudo leer el archivo.',
      },
    },
    billing: {
      tariffs: 'Tarifas',
      injection_prices: 'Precios de inyección por mes',
      add_tariff: 'Agregar tarifa',
      add_injection_price: 'Agregar precio',
      import_tariffs: 'Importar tarifas (CSV)',
      import_injection_prices: 'Importar precios de inyección (CSV)',
      import_help: 'Columnas y formato del archivo: docs/billing.md, «CSV». Si una fila tiene un error no se importa nada.',
      until_next: 'Hasta la siguiente',
      month_required: 'Indica el mes',
      real: {
        title: 'Tu boleta real',
        hint: 'Ingresa lo que dice la boleta de tu distribuidora y compárala con la cuenta del portal.',
        add: 'Ingresar boleta',
        empty: 'Aún no ingresas boletas de este año.',
        bill: 'Boleta', portal: 'Portal',
        bought: 'Comprado', injected: 'Inyectado', amount: 'Monto', check: 'Revisión',
        ok: 'Coincide',
        flagged: 'Difiere más de un %{pct} %',
        no_portal: 'Sin datos',
        attachment: 'Ver boleta',
        attach_help: 'Arrastra la foto o el PDF de la boleta, o haz clic para elegirlo (opcional)',
        causes: { data_gap: 'Faltan datos de los inversores', meter: 'El medidor y los inversores no coinciden', tariff: 'La distribuidora aplica otra tarifa' },
      },
      card: {
        title: 'Tu cuenta de la luz',
        hint: 'Lo que diría tu boleta sin paneles y con ellos, con la tarifa de tu distribuidora, el crédito por inyección y el IVA.',
        own_prices: 'Calculada con la tarifa y el precio de inyección propios de la central (IVA incluido): indica su distribuidora y opción tarifaria para usar las tarifas publicadas.',
        error: 'No se pudo calcular la cuenta.',
        empty: 'Aún no hay energía registrada para calcular la cuenta.',
        month_so_far: 'Este mes hasta hoy',
        last_month: 'El mes pasado',
        this_year: 'Este año',
        without_solar: 'Sin solar',
        with_solar: 'Con solar',
        savings: 'Ahorro',
        year_table: 'Mes a mes, %{year}',
        month: 'Mes',
        credit: 'Crédito por inyección',
        vat: 'IVA',
        remanente: 'Remanente',
        total: 'Total',
        ledger: 'Remanente: crédito que pasa al mes siguiente',
        carried_in: 'Del mes anterior',
        earned: 'Ganado',
        used: 'Usado',
        left: 'Queda',
        assigned_to: 'Asignado a',
        carried: 'Mes siguiente',
        plant: 'Central %{id}',
      },
    },
  },
};
