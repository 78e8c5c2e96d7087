/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs >
 * strings > panels. Every item carries the names and ids of its parents (breadcrumbs).
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { IdParams, S } from './common.js';
import { endpoint } from './http.js';
import { crud } from './crud.js';
import { TARIFF_OPTIONS } from './billing.js';

/** Text lengths (the database's columns) and value ranges of the hierarchy's fields. */
export const HIERARCHY_LIMITS = {
  name: 150, address: 255, model: 120, serialNumber: 120, dataloggerAddress: 255, dataloggerId: 64,
  latitude: { minimum: -90, maximum: 90 },
  longitude: { minimum: -180, maximum: 180 },
  /** The inverter's Modbus unit id on its datalogger. */
  deviceId: { minimum: 0, maximum: 65535 },
  mpptNumber: { minimum: 1, maximum: 1000 },
  /**
   * Degrees from horizontal (0 flat, 90 vertical), and where the panels face, clockwise from north
   * (0 north, 90 east, 180 south, 270 west; PVGIS counts from south: ours = PVGIS + 180).
   */
  tilt: { minimum: 0, maximum: 90 },
  azimuth: { minimum: 0, maximum: 360 },
  /** Metres above sea level (the Dead Sea to above Chile's highest plants). */
  elevation: { minimum: -500, maximum: 6000 },
  /** A module's power temperature coefficient, %/°C. */
  temperatureCoefficient: { minimum: -1, maximum: 0 },
  /** Panels added to a string in one call (a long string is about 30; a row of a carport, a few more). */
  panelsAtOnce: { minimum: 1, maximum: 200 },
} as const;
const L = HIERARCHY_LIMITS;

const Int = () => Type.Integer();
/** Item schema: the level's own fields, its breadcrumb fields, then created_at. */
const item = <P extends TProperties>(title: string, props: P) => Type.Object({ id: Int(), ...props, created_at: S.timestamp() }, { title });

/** How the plant's bill is priced (docs/billing.md): its distributor and option, or its own `tariff` and `injection_price`. */
const plantBilling = {
  distributor: S.nullable(Type.Integer({ minimum: 1, maximum: 2147483647, description: "the distributor whose tariffs price the bill; null: the plant's own tariff and injection_price" })),
  tariff_option: Type.Union([Type.Literal(''), ...TARIFF_OPTIONS.map((o) => Type.Literal(o))], { description: "the supply's tariff option; '' with no distributor" }),
  client_number: Type.String({ maxLength: 40, description: 'número de cliente on the bill' }),
  demand_kw: S.nullable(Type.Number({ minimum: 0, maximum: 1e6, description: 'kW billed for demand (options with demand charges)' })),
  peak_demand_kw: S.nullable(Type.Number({ minimum: 0, maximum: 1e6, description: 'kW billed for demand in peak hours (BT4.x)' })),
};

export const PowerPlant = item('PowerPlant', {
  project: Int(), project_name: Type.String(),
  name: Type.String(), address: Type.String(), commune: S.nullable(Int()),
  latitude: S.nullable(Type.Number()), longitude: S.nullable(Type.Number()),
  capacity_kwp: S.nullable(Type.Number()), tariff: Type.Number(),
  injection_price: Type.Number({ description: 'CLP paid per kWh exported (net billing)' }),
  commissioned_on: S.nullable(Type.String({ format: 'date' })),
  elevation_m: S.nullable(Type.Number({ description: 'metres above sea level (null: sea level), for the expected production' })),
  ...plantBilling,
});
export type PowerPlant = Static<typeof PowerPlant>;
export const PowerPlantBody = Type.Object({
  project: S.id(),
  name: S.nonBlank(L.name),
  address: Type.Optional(S.text(L.address)),
  commune: Type.Optional(S.nullable(S.id())),
  latitude: Type.Optional(S.nullable(Type.Number(L.latitude))),
  longitude: Type.Optional(S.nullable(Type.Number(L.longitude))),
  capacity_kwp: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  tariff: Type.Optional(Type.Number({ minimum: 0 })),
  injection_price: Type.Optional(Type.Number({ minimum: 0, description: 'CLP per kWh exported; 75 when not sent' })),
  // Years 1000-2999 only: PostgreSQL refuses year 0, which the 'date' format alone would let through.
  commissioned_on: Type.Optional(S.nullable(Type.String({ format: 'date', maxLength: 10, pattern: '^[12][0-9]{3}-', description: 'YYYY-MM-DD' }))),
  elevation_m: Type.Optional(S.nullable(Type.Number(L.elevation))),
  ...Type.Partial(Type.Object(plantBilling)).properties,
});

export const Investor = item('Investor', {
  plant: Int(), plant_name: Type.String(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), model: Type.String(), serial_number: Type.String(),
  nominal_power_kw: S.nullable(Type.Number()), datalogger_address: Type.String(), device_id: Int(),
  datalogger_id: Type.String({ description: "the Fronius datalogger's unique id it pushes through (Push Service); empty: the push credential names none" }),
});
export type Investor = Static<typeof Investor>;
export const InvestorBody = Type.Object({
  plant: S.id(),
  name: S.nonBlank(L.name),
  equipment: Type.Optional(S.nullable(S.id())),
  model: Type.Optional(S.text(L.model)),
  serial_number: Type.Optional(S.text(L.serialNumber)),
  nominal_power_kw: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  datalogger_address: Type.Optional(S.text(L.dataloggerAddress)),
  device_id: Type.Optional(Type.Integer(L.deviceId)),
  datalogger_id: Type.Optional(S.text(L.dataloggerId)),
});

export const Mppt = item('Mppt', {
  investor: Int(), investor_name: Type.String(), plant: Int(), project: Int(),
  name: Type.String(), number: Int(),
});
export type Mppt = Static<typeof Mppt>;
export const MpptBody = Type.Object({
  investor: S.id(),
  name: S.nonBlank(L.name),
  number: Type.Optional(Type.Integer(L.mpptNumber)),
});

export const PvString = item('String', {
  mppt: Int(), mppt_name: Type.String(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), tilt: Type.Number(), azimuth: Type.Number(),
});
export type PvString = Static<typeof PvString>;
export const PvStringBody = Type.Object({
  mppt: S.id(),
  name: S.nonBlank(L.name),
  tilt: Type.Optional(Type.Number({ ...L.tilt, description: 'degrees from horizontal: 0 flat, 90 vertical; 20 when not sent' })),
  azimuth: Type.Optional(Type.Number({
    ...L.azimuth, description: 'where the panels face, degrees clockwise from NORTH: 0 north (best in Chile), 90 east, 180 south, 270 west; PVGIS counts from south (ours = PVGIS + 180); 0 when not sent',
  })),
});
/** The 400 of a tilt or azimuth out of range says the convention (issue 33: PVGIS users expect 0 = south). */
export const ORIENTATION_MESSAGES = {
  tilt: 'La inclinación va de 0° (horizontal) a 90° (vertical).',
  azimuth: 'El azimut va de 0° a 360°, medido desde el norte: 0° norte, 90° este, 180° sur, 270° oeste.',
};

export const Panel = item('Panel', {
  string: Int(), string_name: Type.String(), mppt: Int(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), power_wp: S.nullable(Type.Number()), serial_number: Type.String(),
  temperature_coefficient_pct: S.nullable(Type.Number({ description: '%/°C (null: −0.35), for the expected production' })),
});
export type Panel = Static<typeof Panel>;
export const PanelBody = Type.Object({
  string: S.id(),
  name: S.nonBlank(L.name),
  equipment: Type.Optional(S.nullable(S.id())),
  power_wp: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  serial_number: Type.Optional(S.text(L.serialNumber)),
  temperature_coefficient_pct: Type.Optional(S.nullable(Type.Number(L.temperatureCoefficient))),
});

/**
 * N panels of one model added to a string at once (issue 33): named 'Panel k' on from the string's count,
 * each with the model's rated power unless `power_wp` says otherwise; all or none are created.
 */
export const PanelsBody = Type.Object({
  string: S.id(),
  count: Type.Integer({ ...L.panelsAtOnce, description: `how many panels, ${L.panelsAtOnce.minimum}-${L.panelsAtOnce.maximum}` }),
  equipment: Type.Optional(S.nullable(S.id())),
  power_wp: Type.Optional(S.nullable(Type.Number({ minimum: 0, description: "each panel's Wp; when not sent, the model's rated power" }))),
  temperature_coefficient_pct: Type.Optional(S.nullable(Type.Number(L.temperatureCoefficient))),
}, { additionalProperties: false });
export type PanelsBody = Static<typeof PanelsBody>;

const tag = 'hierarchy';

const plant = crud({ tag, noun: 'power plant', item: PowerPlant, body: PowerPlantBody });
export const powerPlantApi = {
  listBy: plant.listBy('/power-plant-all/:projectId', 'projectId'),
  one: plant.one('/power-plant/:id'),
  create: plant.create('/power-plant/create'),
  update: plant.update('/power-plant/update/:id'),
  delete: plant.delete('/power-plant/deleted/:id'),
};

// GET /investor-all/microservice (the Fronius reading) is the collector's; being a static path it
// wins over /investor-all/:plant.
const investor = crud({ tag, noun: 'investor', item: Investor, body: InvestorBody });
export const investorApi = {
  listBy: investor.listBy('/investor-all/:plant', 'plant'),
  one: investor.one('/investor/:id'),
  create: investor.create('/investor/create'),
  update: investor.update('/investor/update/:id'),
  delete: investor.delete('/investor/deleted/:id'),
};

const mppt = crud({ tag, noun: 'MPPT', item: Mppt, body: MpptBody });
export const mpptApi = {
  listBy: mppt.listBy('/mppt/list/investor/:investorId', 'investorId'),
  one: mppt.one('/mppt/list/:id'),
  create: mppt.create('/mppt/create'),
  update: mppt.update('/mppt/update/:id'),
  delete: mppt.delete('/mppt/delete/:id'),
};

const pvString = crud({ tag, noun: 'string', item: PvString, body: PvStringBody });
export const stringApi = {
  listBy: pvString.listBy('/string/list/mppt/:mpptId', 'mpptId'),
  one: pvString.one('/string/list/:id'),
  create: pvString.create('/string/create'),
  update: pvString.update('/string/update/:id'),
  delete: pvString.delete('/string/deleted/:id'),
};

const panel = crud({ tag, noun: 'panel', item: Panel, body: PanelBody });
export const panelApi = {
  listBy: panel.listBy('/panel/list/string/:stringId', 'stringId'),
  one: panel.one('/panel/list/:id'),
  create: panel.create('/panel/create'),
  update: panel.update('/panel/update/:id'),
  delete: panel.delete('/panel/deleted/:id'),
  createMany: endpoint({
    method: 'POST', path: '/panel/create-many', access: 'staff', tag, summary: 'Add N panels of a model to a string in one step',
    body: PanelsBody, reply: { 201: Type.Array(Panel) },
  }),
};

/** How many readings a plant's inverters have stored, or (after deleting them) how many went. */
export const PlantReadings = Type.Object({ plant: Int(), readings: Int() }, { title: 'PlantReadings' });

/**
 * A plant's readings, deleted only by this explicit call (never with the plant: deleting a plant or an
 * inverter with readings is refused, naming how many).
 */
export const plantReadingsApi = {
  count: endpoint({
    method: 'GET', path: '/power-plant/:id/readings', access: 'staff', tag, summary: "How many readings the plant's inverters have stored",
    params: IdParams, reply: { 200: PlantReadings },
  }),
  delete: endpoint({
    method: 'DELETE', path: '/power-plant/:id/readings', access: 'staff', tag,
    summary: "Delete every reading of the plant's inverters and the totals made of them (logged); the plant and its inverters stay",
    params: IdParams, reply: { 200: PlantReadings },
  }),
};
