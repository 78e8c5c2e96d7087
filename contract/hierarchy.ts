/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs >
 * strings > panels. Every item carries the names and ids of its parents (breadcrumbs).
 */
import { Type, type TProperties } from '@sinclair/typebox';
import { S } from './common.js';
import { crud } from './crud.js';

const Int = () => Type.Integer();
/** Item schema: the level's own fields, its breadcrumb fields, then created_at. */
const item = <P extends TProperties>(title: string, props: P) => Type.Object({ id: Int(), ...props, created_at: S.timestamp() }, { title });

export const PowerPlant = item('PowerPlant', {
  project: Int(), project_name: Type.String(),
  name: Type.String(), address: Type.String(), commune: S.nullable(Int()),
  latitude: S.nullable(Type.Number()), longitude: S.nullable(Type.Number()),
  capacity_kwp: S.nullable(Type.Number()), tariff: Type.Number(),
  commissioned_on: S.nullable(Type.String({ format: 'date' })),
});
export const PowerPlantBody = Type.Object({
  project: S.id(),
  name: S.nonBlank(150),
  address: Type.Optional(S.text(255)),
  commune: Type.Optional(S.nullable(S.id())),
  latitude: Type.Optional(S.nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  longitude: Type.Optional(S.nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  capacity_kwp: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  tariff: Type.Optional(Type.Number({ minimum: 0 })),
  // Years 1000-2999 only: PostgreSQL refuses year 0, which the 'date' format alone would let through.
  commissioned_on: Type.Optional(S.nullable(Type.String({ format: 'date', pattern: '^[12][0-9]{3}-', description: 'YYYY-MM-DD' }))),
});

export const Investor = item('Investor', {
  plant: Int(), plant_name: Type.String(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), model: Type.String(), serial_number: Type.String(),
  nominal_power_kw: S.nullable(Type.Number()), datalogger_address: Type.String(), device_id: Int(),
});
export const InvestorBody = Type.Object({
  plant: S.id(),
  name: S.nonBlank(150),
  equipment: Type.Optional(S.nullable(S.id())),
  model: Type.Optional(S.text(120)),
  serial_number: Type.Optional(S.text(120)),
  nominal_power_kw: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  datalogger_address: Type.Optional(S.text(255)),
  device_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
});

export const Mppt = item('Mppt', {
  investor: Int(), investor_name: Type.String(), plant: Int(), project: Int(),
  name: Type.String(), number: Int(),
});
export const MpptBody = Type.Object({
  investor: S.id(),
  name: S.nonBlank(150),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

export const PvString = item('String', {
  mppt: Int(), mppt_name: Type.String(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), tilt: Type.Number(), azimuth: Type.Number(),
});
export const PvStringBody = Type.Object({
  mppt: S.id(),
  name: S.nonBlank(150),
  tilt: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
  azimuth: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
});

export const Panel = item('Panel', {
  string: Int(), string_name: Type.String(), mppt: Int(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), power_wp: S.nullable(Type.Number()), serial_number: Type.String(),
});
export const PanelBody = Type.Object({
  string: S.id(),
  name: S.nonBlank(150),
  equipment: Type.Optional(S.nullable(S.id())),
  power_wp: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
  serial_number: Type.Optional(S.text(120)),
});

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
};
