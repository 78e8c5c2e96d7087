/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs > strings > panels.
 * Everyone signed in reads what visibility.ts lets them see (anything else is a 404, lists by parent included);
 * staff write. Every item carries the names and ids of its parents, so the web app can draw breadcrumbs
 * without one call per level: they come from inner joins up the chain, in the same query as the rows.
 */
import fp from 'fastify-plugin';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type TProperties } from '@sinclair/typebox';
import { communes, equipment, investors, mppts, panels, powerPlants, projects, strings } from '../../db/schema.js';
import { crudRoutes, S, nameRequired } from '../../core/crud.js';

const Int = () => Type.Integer();
/** Item schema: the level's own fields, its breadcrumb fields, then created_at. */
const item = (title: string, props: TProperties) => Type.Object({ id: Int(), ...props, created_at: S.timestamp() }, { title });
/** Body schema; fields not described (id, created_at, breadcrumbs) are dropped, never written. */
const body = (props: TProperties) => Type.Object(props);

/** Inner joins from a level up the chain: each pair is [parent table, foreign key pointing at it]. */
const joinUp = (...links: [PgTable & { id: PgColumn }, PgColumn][]) =>
  <Q>(query: Q): Q => links.reduce((q: any, [parent, fk]) => q.innerJoin(parent, eq(parent.id, fk)), query);

export const PowerPlant = item('PowerPlant', {
  project: Int(), project_name: Type.String(),
  name: Type.String(), address: Type.String(), commune: S.nullable(Int()),
  latitude: S.nullable(Type.Number()), longitude: S.nullable(Type.Number()),
  capacity_kwp: S.nullable(Type.Number()), tariff: Type.Number(),
  commissioned_on: S.nullable(Type.String({ format: 'date' })),
});

export const Investor = item('Investor', {
  plant: Int(), plant_name: Type.String(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), model: Type.String(), serial_number: Type.String(),
  nominal_power_kw: S.nullable(Type.Number()), datalogger_address: Type.String(), device_id: Int(),
});

export const Mppt = item('Mppt', {
  investor: Int(), investor_name: Type.String(), plant: Int(), project: Int(),
  name: Type.String(), number: Int(),
});

export const PvString = item('String', {
  mppt: Int(), mppt_name: Type.String(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), tilt: Type.Number(), azimuth: Type.Number(),
});

export const Panel = item('Panel', {
  string: Int(), string_name: Type.String(), mppt: Int(), investor: Int(), plant: Int(), project: Int(),
  name: Type.String(), equipment: S.nullable(Int()), power_wp: S.nullable(Type.Number()), serial_number: Type.String(),
});

export default fp(async (app) => {
  crudRoutes(app, {
    name: 'power plant', table: powerPlants, item: PowerPlant, scope: 'plant', requiredMessages: nameRequired,
    body: body({
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
    }),
    references: { project: { table: projects, scope: 'project' }, commune: { table: communes } },
    paths: {
      listBy: { path: '/power-plant-all/:projectId', param: 'projectId', column: powerPlants.project, parent: { table: projects, scope: 'project' } },
      one: '/power-plant/:id', create: '/power-plant/create', update: '/power-plant/update/:id', delete: '/power-plant/deleted/:id',
    },
    fields: { ...getTableColumns(powerPlants), project_name: projects.name },
    join: joinUp([projects, powerPlants.project]),
    ordering: { id: powerPlants.id, name: powerPlants.name, created_at: powerPlants.created_at, capacity_kwp: powerPlants.capacity_kwp },
    search: [powerPlants.name, powerPlants.address],
  });

  // GET /investor-all/microservice (the Fronius reading) belongs to the collector plugin; being a
  // static path it wins over /investor-all/:plant once registered.
  crudRoutes(app, {
    name: 'investor', table: investors, item: Investor, scope: 'investor', requiredMessages: nameRequired,
    body: body({
      plant: S.id(),
      name: S.nonBlank(150),
      equipment: Type.Optional(S.nullable(S.id())),
      model: Type.Optional(S.text(120)),
      serial_number: Type.Optional(S.text(120)),
      nominal_power_kw: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
      datalogger_address: Type.Optional(S.text(255)),
      device_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    }),
    references: { plant: { table: powerPlants, scope: 'plant' }, equipment: { table: equipment } },
    paths: {
      listBy: { path: '/investor-all/:plant', param: 'plant', column: investors.plant, parent: { table: powerPlants, scope: 'plant' } },
      one: '/investor/:id', create: '/investor/create', update: '/investor/update/:id', delete: '/investor/deleted/:id',
    },
    fields: { ...getTableColumns(investors), plant_name: powerPlants.name, project: powerPlants.project },
    join: joinUp([powerPlants, investors.plant]),
    ordering: { id: investors.id, name: investors.name, created_at: investors.created_at },
    search: [investors.name, investors.model, investors.serial_number],
  });

  crudRoutes(app, {
    name: 'MPPT', table: mppts, item: Mppt, scope: 'mppt', requiredMessages: nameRequired,
    body: body({
      investor: S.id(),
      name: S.nonBlank(150),
      number: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    }),
    references: { investor: { table: investors, scope: 'investor' } },
    paths: {
      listBy: { path: '/mppt/list/investor/:investorId', param: 'investorId', column: mppts.investor, parent: { table: investors, scope: 'investor' } },
      one: '/mppt/list/:id', create: '/mppt/create', update: '/mppt/update/:id', delete: '/mppt/delete/:id',
    },
    fields: { ...getTableColumns(mppts), investor_name: investors.name, plant: investors.plant, project: powerPlants.project },
    join: joinUp([investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: mppts.id, number: mppts.number, name: mppts.name, created_at: mppts.created_at },
    search: [mppts.name],
  });

  crudRoutes(app, {
    name: 'string', table: strings, item: PvString, scope: 'string', requiredMessages: nameRequired,
    body: body({
      mppt: S.id(),
      name: S.nonBlank(150),
      tilt: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
      azimuth: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
    }),
    references: { mppt: { table: mppts, scope: 'mppt' } },
    paths: {
      listBy: { path: '/string/list/mppt/:mpptId', param: 'mpptId', column: strings.mppt, parent: { table: mppts, scope: 'mppt' } },
      one: '/string/list/:id', create: '/string/create', update: '/string/update/:id', delete: '/string/deleted/:id',
    },
    fields: { ...getTableColumns(strings), mppt_name: mppts.name, investor: mppts.investor, plant: investors.plant, project: powerPlants.project },
    join: joinUp([mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: strings.id, name: strings.name, created_at: strings.created_at },
    search: [strings.name],
  });

  crudRoutes(app, {
    name: 'panel', table: panels, item: Panel, scope: 'panel', requiredMessages: nameRequired,
    body: body({
      string: S.id(),
      name: S.nonBlank(150),
      equipment: Type.Optional(S.nullable(S.id())),
      power_wp: Type.Optional(S.nullable(Type.Number({ minimum: 0 }))),
      serial_number: Type.Optional(S.text(120)),
    }),
    references: { string: { table: strings, scope: 'string' }, equipment: { table: equipment } },
    paths: {
      listBy: { path: '/panel/list/string/:stringId', param: 'stringId', column: panels.string, parent: { table: strings, scope: 'string' } },
      one: '/panel/list/:id', create: '/panel/create', update: '/panel/update/:id', delete: '/panel/deleted/:id',
    },
    fields: {
      ...getTableColumns(panels), string_name: strings.name, mppt: strings.mppt, investor: mppts.investor,
      plant: investors.plant, project: powerPlants.project,
    },
    join: joinUp([strings, panels.string], [mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: panels.id, name: panels.name, created_at: panels.created_at },
    search: [panels.name, panels.serial_number],
  });
}, { name: 'hierarchy' });
