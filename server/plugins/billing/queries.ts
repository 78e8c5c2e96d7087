/** How distributors, tariffs, injection prices, remanente assignments and real bills reach the database. */
import { and, eq, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { distributors, injectionPrices, powerPlants, realBills, remanenteAssignments, tariffs } from '../../db/schema.js';
import { attachmentLink } from '../../core/attachments.js';
import { crudRows, refuseWhileUsed, unique } from '../../core/crud.js';
import { badRequest, type FieldErrors } from '../../core/errors.js';
import { parseInjectionPrices, parseTariffs, type PriceRow, type TariffRow } from '../../domain/billing/csv.js';
import { naturalKey } from '../../db/sql.js';

const distributorRef = { table: distributors };

export const distributorRows = crudRows({
  table: distributors,
  validate: unique(distributors, ['name'], 'Ya existe una distribuidora con este nombre.'),
  ordering: { name: naturalKey(distributors.name), id: distributors.id },
  search: [distributors.name],
});

/** A distributor some plant names is not deleted (the plant would lose its tariff): its tariffs and prices go with it. */
export const distributorInUse = refuseWhileUsed('la distribuidora', 'la', [{ column: powerPlants.distributor, one: 'central eléctrica', many: 'centrales eléctricas' }]);

/** A tariff's own checks: its period ends after it starts; the winter charge comes with its threshold and months. */
async function checkTariff(_request: FastifyRequest, body: Partial<typeof tariffs.$inferInsert>, existing?: typeof tariffs.$inferSelect): Promise<FieldErrors | void> {
  const t = { ...existing, ...body };
  const errors: FieldErrors = {};
  if (t.valid_to && t.valid_from && t.valid_to < t.valid_from) errors.valid_to = ['El fin de vigencia es anterior a su inicio.'];
  const winter = [t.winter_charge, t.winter_threshold_kwh, t.winter_from_month, t.winter_to_month].map((v) => v ?? null);
  if (winter.some((v) => v !== null) && winter.some((v) => v === null)) {
    errors.winter_charge = ['El recargo de invierno necesita su cargo, su umbral en kWh y sus meses de inicio y fin.'];
  }
  return Object.keys(errors).length ? errors : undefined;
}

const sameTariff = unique(tariffs, ['distributor', 'option', 'valid_from'], 'Ya existe una tarifa de esta distribuidora y opción con esa fecha de inicio.');

export const tariffRows = crudRows({
  table: tariffs,
  references: { distributor: distributorRef },
  listBy: { column: tariffs.distributor, parent: distributorRef },
  fields: { ...getTableColumns(tariffs), distributor_name: distributors.name },
  join: (q) => q.innerJoin(distributors, eq(distributors.id, tariffs.distributor)),
  ordering: { valid_from: tariffs.valid_from, option: tariffs.option, id: tariffs.id },
  search: [tariffs.option, tariffs.source],
  validate: async (request, body, existing) => ({ ...await sameTariff(request, body, existing), ...await checkTariff(request, body, existing) }),
});

export const injectionPriceRows = crudRows({
  table: injectionPrices,
  references: { distributor: distributorRef },
  listBy: { column: injectionPrices.distributor, parent: distributorRef },
  fields: { ...getTableColumns(injectionPrices), distributor_name: distributors.name },
  join: (q) => q.innerJoin(distributors, eq(distributors.id, injectionPrices.distributor)),
  ordering: { month: injectionPrices.month, id: injectionPrices.id },
  validate: unique(injectionPrices, ['distributor', 'month'], 'Ya existe un precio de inyección de esta distribuidora para ese mes.'),
});

/** An assignment joins two plants of one project and one distributor (the regulation's same owner and same distributor). */
async function checkAssignment(request: FastifyRequest, body: Partial<typeof remanenteAssignments.$inferInsert>): Promise<FieldErrors | void> {
  if (!body.from_plant || !body.to_plant) return;
  if (body.from_plant === body.to_plant) return { to_plant: ['Elige otra central: el remanente ya queda en la misma.'] };
  const plants = await request.server.db.select({ id: powerPlants.id, project: powerPlants.project, distributor: powerPlants.distributor })
    .from(powerPlants).where(sql`${powerPlants.id} in (${body.from_plant}, ${body.to_plant})`);
  const [from, to] = [body.from_plant, body.to_plant].map((id) => plants.find((p) => p.id === id));
  if (!from || !to) return;
  if (from.project !== to.project) return { to_plant: ['El remanente solo se asigna a otra central del mismo proyecto (el mismo cliente).'] };
  if (from.distributor === null || from.distributor !== to.distributor) return { to_plant: ['El remanente solo se asigna a otra central de la misma distribuidora.'] };
}

export const assignmentRows = crudRows({
  table: remanenteAssignments,
  references: { from_plant: { table: powerPlants }, to_plant: { table: powerPlants } },
  listBy: { column: remanenteAssignments.from_plant, parent: { table: powerPlants } },
  ordering: { from_month: remanenteAssignments.from_month, id: remanenteAssignments.id },
  validate: async (request, body, existing) => ({
    ...await unique(remanenteAssignments, ['from_plant', 'from_month'], 'Esta central ya tiene una asignación desde ese mes.')(request, body, existing),
    ...await checkAssignment(request, body),
  }),
});

/** The distributors' ids by lower-cased name; a 400 naming the lines of names that do not exist. */
async function distributorIds(db: Db, rows: { line: number; distributor: string }[]) {
  const all = await db.select({ id: distributors.id, name: distributors.name }).from(distributors);
  const byName = new Map(all.map((d) => [d.name.toLowerCase(), d.id]));
  const unknown = rows.filter((r) => !byName.has(r.distributor.toLowerCase()));
  if (unknown.length) throw badRequest({ distributor: unknown.map((r) => `Línea ${r.line}: no existe la distribuidora «${r.distributor}».`) });
  return (name: string) => byName.get(name.toLowerCase())!;
}

/** Tariffs of a CSV in one transaction: each row replaces the tariff of its distributor, option and start, or adds one. */
export async function importTariffs(db: Db, csv: string) {
  const parsed = parseTariffs(csv);
  if ('errors' in parsed) throw badRequest(parsed.errors);
  const idOf = await distributorIds(db, parsed.rows);
  return db.transaction(async (tx) => {
    let created = 0;
    for (const { line: _line, distributor, ...row } of parsed.rows as TariffRow[]) {
      const values = { ...row, distributor: idOf(distributor) };
      const [existing] = await tx.select({ id: tariffs.id }).from(tariffs)
        .where(and(eq(tariffs.distributor, values.distributor), eq(tariffs.option, values.option), eq(tariffs.valid_from, values.valid_from)));
      if (existing) await tx.update(tariffs).set(values).where(eq(tariffs.id, existing.id));
      else { await tx.insert(tariffs).values(values); created++; }
    }
    return { created, updated: parsed.rows.length - created };
  });
}

/** Injection prices of a CSV in one transaction: each row replaces its distributor's price of the month, or adds one. */
export async function importInjectionPrices(db: Db, csv: string) {
  const parsed = parseInjectionPrices(csv);
  if ('errors' in parsed) throw badRequest(parsed.errors);
  const idOf = await distributorIds(db, parsed.rows);
  return db.transaction(async (tx) => {
    let created = 0;
    for (const { line: _line, distributor, ...row } of parsed.rows as PriceRow[]) {
      const values = { ...row, distributor: idOf(distributor) };
      const [existing] = await tx.select({ id: injectionPrices.id }).from(injectionPrices)
        .where(and(eq(injectionPrices.distributor, values.distributor), eq(injectionPrices.month, values.month)));
      if (existing) await tx.update(injectionPrices).set(values).where(eq(injectionPrices.id, existing.id));
      else { await tx.insert(injectionPrices).values(values); created++; }
    }
    return { created, updated: parsed.rows.length - created };
  });
}

const visiblePlant = { table: powerPlants, scope: 'plant' as const };

/**
 * A plant's real bills: its customer (who sees the plant) or staff enter them, one a month; the
 * attachment is private, given as a signed link.
 */
export const realBillRows = crudRows({
  table: realBills, scope: 'realBill',
  references: { plant: visiblePlant },
  listBy: { column: realBills.plant, parent: visiblePlant },
  ordering: { month: realBills.month, id: realBills.id },
  validate: unique(realBills, ['plant', 'month'], 'Ya ingresaste la boleta de ese mes para esta central.'),
  serialize: (request, rows) => rows.map((row) => ({ ...row, attachment: attachmentLink(request, row.attachment) })),
});

/** The real bills of a plant's year, oldest first. */
export const realBillsOfYear = (db: Db, plant: number, year: string) => db.select().from(realBills)
  .where(and(eq(realBills.plant, plant), sql`${realBills.month} between ${`${year}-01-01`} and ${`${year}-12-01`}`))
  .orderBy(realBills.month);
