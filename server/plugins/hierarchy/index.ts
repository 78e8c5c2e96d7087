/**
 * The installation hierarchy below a project: power plants > inverters ("investors") > MPPTs > strings > panels.
 * Everyone signed in reads what visibility.ts lets them see (anything else is a 404, lists by parent included);
 * staff write. Every item carries the names and ids of its parents, so the web app can draw breadcrumbs
 * without one call per level: they come from inner joins up the chain, in the same query as the rows.
 */
import fp from 'fastify-plugin';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { communes, equipment, investors, mppts, panels, powerPlants, projects, strings } from '../../db/schema.js';
import { crudRoutes, nameRequired } from '../../core/crud.js';
import { investorApi, mpptApi, panelApi, powerPlantApi, stringApi } from '../../../contract/hierarchy.js';

/** Inner joins from a level up the chain: each pair is [parent table, foreign key pointing at it]. */
const joinUp = (...links: [PgTable & { id: PgColumn }, PgColumn][]) =>
  <Q>(query: Q): Q => links.reduce((q: any, [parent, fk]) => q.innerJoin(parent, eq(parent.id, fk)), query);

export default fp(async (app) => {
  crudRoutes(app, powerPlantApi, {
    table: powerPlants, scope: 'plant', requiredMessages: nameRequired,
    references: { project: { table: projects, scope: 'project' }, commune: { table: communes } },
    listBy: { column: powerPlants.project, parent: { table: projects, scope: 'project' } },
    fields: { ...getTableColumns(powerPlants), project_name: projects.name },
    join: joinUp([projects, powerPlants.project]),
    ordering: { id: powerPlants.id, name: powerPlants.name, created_at: powerPlants.created_at, capacity_kwp: powerPlants.capacity_kwp },
    search: [powerPlants.name, powerPlants.address],
  });

  // GET /investor-all/microservice (the Fronius reading) belongs to the collector plugin; being a
  // static path it wins over /investor-all/:plant once registered.
  crudRoutes(app, investorApi, {
    table: investors, scope: 'investor', requiredMessages: nameRequired,
    references: { plant: { table: powerPlants, scope: 'plant' }, equipment: { table: equipment } },
    listBy: { column: investors.plant, parent: { table: powerPlants, scope: 'plant' } },
    fields: { ...getTableColumns(investors), plant_name: powerPlants.name, project: powerPlants.project },
    join: joinUp([powerPlants, investors.plant]),
    ordering: { id: investors.id, name: investors.name, created_at: investors.created_at },
    search: [investors.name, investors.model, investors.serial_number],
  });

  crudRoutes(app, mpptApi, {
    table: mppts, scope: 'mppt', requiredMessages: nameRequired,
    references: { investor: { table: investors, scope: 'investor' } },
    listBy: { column: mppts.investor, parent: { table: investors, scope: 'investor' } },
    fields: { ...getTableColumns(mppts), investor_name: investors.name, plant: investors.plant, project: powerPlants.project },
    join: joinUp([investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: mppts.id, number: mppts.number, name: mppts.name, created_at: mppts.created_at },
    search: [mppts.name],
  });

  crudRoutes(app, stringApi, {
    table: strings, scope: 'string', requiredMessages: nameRequired,
    references: { mppt: { table: mppts, scope: 'mppt' } },
    listBy: { column: strings.mppt, parent: { table: mppts, scope: 'mppt' } },
    fields: { ...getTableColumns(strings), mppt_name: mppts.name, investor: mppts.investor, plant: investors.plant, project: powerPlants.project },
    join: joinUp([mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: strings.id, name: strings.name, created_at: strings.created_at },
    search: [strings.name],
  });

  crudRoutes(app, panelApi, {
    table: panels, scope: 'panel', requiredMessages: nameRequired,
    references: { string: { table: strings, scope: 'string' }, equipment: { table: equipment } },
    listBy: { column: panels.string, parent: { table: strings, scope: 'string' } },
    fields: {
      ...getTableColumns(panels), string_name: strings.name, mppt: strings.mppt, investor: mppts.investor,
      plant: investors.plant, project: powerPlants.project,
    },
    join: joinUp([strings, panels.string], [mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
    ordering: { id: panels.id, name: panels.name, created_at: panels.created_at },
    search: [panels.name, panels.serial_number],
  });
}, { name: 'hierarchy' });
