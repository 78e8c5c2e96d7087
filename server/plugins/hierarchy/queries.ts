/**
 * How the levels of the hierarchy reach the database. Every item carries the names and ids of its
 * parents, so the web app can draw breadcrumbs without one call per level: they come from inner joins
 * up the chain, in the same query as the rows.
 */
import { naturalKey } from '../../db/sql.js';
import { count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import {
  communes, distributors, equipment, investorEnergy, investors, lastReadings, measurements, mppts, panels, plantCurves, plantEnergy, powerPlants, projects,
  rollupStale, strings,
} from '../../db/schema.js';
import { checkReferences, crudRows, listRows, type Reference, type Table } from '../../core/crud.js';
import type { FieldErrors } from '../../core/errors.js';
import type { PanelsBody } from '../../../contract/hierarchy.js';

/** Inner joins from a level up the chain: each pair is [parent table, foreign key pointing at it]. */
const joinUp = (...links: [Table, PgColumn][]) =>
  (query: PgSelect) => links.reduce((q, [parent, fk]) => q.innerJoin(parent, eq(parent.id, fk)), query);

/** Each level as a parent: what a body may point at, and whose children a list reads; only where the caller sees it. */
const parents = {
  project: { table: projects, scope: 'project' },
  plant: { table: powerPlants, scope: 'plant' },
  investor: { table: investors, scope: 'investor' },
  mppt: { table: mppts, scope: 'mppt' },
  string: { table: strings, scope: 'string' },
} satisfies Record<string, Reference>;

/** A plant's bill is priced by a distributor's option (both named) or by its own prices (neither): docs/billing.md. */
async function pricedBy(_request: FastifyRequest, body: Partial<typeof powerPlants.$inferInsert>, existing?: typeof powerPlants.$inferSelect): Promise<FieldErrors | void> {
  const { distributor, tariff_option: option } = { ...existing, ...body };
  if (distributor && !option) return { tariff_option: ['Elige la opción tarifaria del suministro en esta distribuidora.'] };
  if (!distributor && option) return { distributor: ['Elige la distribuidora de esta opción tarifaria.'] };
}

export const plantRows = crudRows({
  table: powerPlants, scope: 'plant',
  validate: pricedBy,
  references: { project: parents.project, commune: { table: communes }, distributor: { table: distributors } },
  listBy: { column: powerPlants.project, parent: parents.project },
  fields: { ...getTableColumns(powerPlants), project_name: projects.name },
  join: joinUp([projects, powerPlants.project]),
  ordering: { id: powerPlants.id, name: naturalKey(powerPlants.name), created_at: powerPlants.created_at, capacity_kwp: powerPlants.capacity_kwp },
  search: [powerPlants.name, powerPlants.address],
});

export const investorRows = crudRows({
  table: investors, scope: 'investor',
  references: { plant: parents.plant, equipment: { table: equipment } },
  listBy: { column: investors.plant, parent: parents.plant },
  fields: { ...getTableColumns(investors), plant_name: powerPlants.name, project: powerPlants.project },
  join: joinUp([powerPlants, investors.plant]),
  ordering: { id: investors.id, name: naturalKey(investors.name), created_at: investors.created_at },
  search: [investors.name, investors.model, investors.serial_number],
});

export const mpptRows = crudRows({
  table: mppts, scope: 'mppt',
  references: { investor: parents.investor },
  listBy: { column: mppts.investor, parent: parents.investor },
  fields: { ...getTableColumns(mppts), investor_name: investors.name, plant: investors.plant, project: powerPlants.project },
  join: joinUp([investors, mppts.investor], [powerPlants, investors.plant]),
  ordering: { id: mppts.id, number: mppts.number, name: naturalKey(mppts.name), created_at: mppts.created_at },
  search: [mppts.name],
});

export const stringRows = crudRows({
  table: strings, scope: 'string',
  references: { mppt: parents.mppt },
  listBy: { column: strings.mppt, parent: parents.mppt },
  fields: { ...getTableColumns(strings), mppt_name: mppts.name, investor: mppts.investor, plant: investors.plant, project: powerPlants.project },
  join: joinUp([mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
  ordering: { id: strings.id, name: naturalKey(strings.name), created_at: strings.created_at },
  search: [strings.name],
});

export const panelRows = crudRows({
  table: panels, scope: 'panel',
  references: { string: parents.string, equipment: { table: equipment } },
  listBy: { column: panels.string, parent: parents.string },
  fields: {
    ...getTableColumns(panels), string_name: strings.name, mppt: strings.mppt, investor: mppts.investor,
    plant: investors.plant, project: powerPlants.project,
  },
  join: joinUp([strings, panels.string], [mppts, strings.mppt], [investors, mppts.investor], [powerPlants, investors.plant]),
  ordering: { id: panels.id, name: naturalKey(panels.name), created_at: panels.created_at },
  search: [panels.name, panels.serial_number],
});

/**
 * Adds `count` panels of one model to a string, in one transaction (all or none): named 'Panel k' on
 * from the string's panel count, each with the model's rated power unless the body gives one. The
 * string's row is locked meanwhile, so two additions at once do not give two panels the same name.
 */
export async function createPanels(request: FastifyRequest, body: PanelsBody) {
  await checkReferences(request, body, panelRows.references);
  const ids = await request.server.db.transaction(async (tx) => {
    await tx.select({ id: strings.id }).from(strings).where(eq(strings.id, body.string)).for('update');
    const [model] = body.equipment ? await tx.select({ power_w: equipment.power_w }).from(equipment).where(eq(equipment.id, body.equipment)) : [];
    const power_wp = body.power_wp !== undefined ? body.power_wp : model?.power_w ?? null;
    const [{ n }] = await tx.select({ n: count() }).from(panels).where(eq(panels.string, body.string));
    const rows = await tx.insert(panels).values(Array.from({ length: body.count }, (_, i) => ({
      string: body.string, name: `Panel ${n + i + 1}`, equipment: body.equipment ?? null, power_wp,
      temperature_coefficient_pct: body.temperature_coefficient_pct ?? null,
    }))).returning({ id: panels.id });
    return rows.map((r) => r.id);
  });
  // The call takes no `page`: the list is the plain array.
  const added = await listRows(request, panelRows, { where: inArray(panels.id, ids) });
  return Array.isArray(added) ? added : added.results;
}

// ---------- readings ----------

/** The inverters of a plant, as a subquery. */
const plantInvestors = (db: Db | Tx, plant: number) => db.select({ id: investors.id }).from(investors).where(eq(investors.plant, plant));

/** How many readings the plant's inverters have stored (detached months aside, docs/measurements.md). */
export const plantReadingCount = (db: Db, plant: number) => db.$count(measurements, inArray(measurements.investor, plantInvestors(db, plant)));

export const investorReadingCount = (db: Db, investor: number) => db.$count(measurements, eq(measurements.investor, investor));

/**
 * Deletes every reading of the plant's inverters and what was computed from them (their last reading,
 * the hour/day/month/year totals, the stored day curves, the hours waiting to be rolled up), in one
 * transaction; answers how many readings went. The plant, its inverters, alarms and device events stay.
 */
export function deletePlantReadings(db: Db, plant: number): Promise<number> {
  return db.transaction(async (tx) => {
    const inverters = (await plantInvestors(tx, plant)).map((i) => i.id);
    const ofPlant = inArray(measurements.investor, inverters);
    const gone = await tx.$count(measurements, ofPlant);
    await tx.delete(measurements).where(ofPlant);
    await tx.delete(lastReadings).where(inArray(lastReadings.investor, inverters));
    await tx.delete(rollupStale).where(inArray(rollupStale.investor, inverters));
    await tx.delete(investorEnergy).where(inArray(investorEnergy.investor, inverters));
    await tx.delete(plantEnergy).where(eq(plantEnergy.plant, plant));
    await tx.delete(plantCurves).where(eq(plantCurves.plant, plant));
    return gone;
  });
}
