/**
 * The benchmark's server (bench/measurements.ts starts it as a child process): the product exactly as
 * `npm start` runs it (server/serve.ts, configured by the environment), plus routes that are not part
 * of the product, served on the same HTTP stack (the same Fastify instance, hooks and plugins):
 *
 * - the floors the product is measured against: GET /bench/floor/read/:id (one small row, no
 *   authentication), POST /bench/floor/points (the body of a push, {points: [...]}, stored with one
 *   bare INSERT ... SELECT into a scratch table of the measurements' shape: no key, no checks, no
 *   neighbours, no locks, no rollups);
 * - the answers computed from raw points, to check the rollups against: GET /bench/raw/:id (a chart's
 *   buckets summed from the raw points) and GET /bench/lag (the plant rollup buckets from an instant
 *   on that differ from the raw points). Both sum the interval energies stored with the points, so
 *   they follow ingest's rule of production (store.ts intervalEnergy: PV power where a point gives
 *   it, else counter or AC power) with no copy of it; the peak, like the rollups', is AC.
 *
 * The queries run in this process because PGlite is embedded: nothing else can reach its database.
 */
import type { FastifyInstance } from 'fastify';
import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { loadConfig } from '../server/config.js';
import { serve } from '../server/serve.js';
import { investors, measurements, plantEnergy, powerPlants } from '../server/db/schema.js';
import { names, recordset, rows } from '../server/db/sql.js';
import { readSettings } from '../server/core/settings.js';
import { intervalEnergy, type Reading } from '../server/measurements/store.js';
import { chartSpan, type ChartType } from './charts.js';

/** Scratch table of the floor inserts: the measurements' columns, primary key and defaults. */
const FLOOR_TABLE = 'bench_floor_points';

/** The energies summed per instant, then the totals of a chart bucket (as contract/measurements.ts names them). */
const ENERGIES = ['energy_wh', 'consumption_wh', 'import_wh', 'export_wh', 'charge_wh', 'discharge_wh'] as const;
const FIELDS = [...ENERGIES, 'self_consumption_wh', 'max_power_w'] as const;

async function benchRoutes(app: FastifyInstance) {
  const { db } = app;
  await db.execute(sql`create table if not exists ${sql.identifier(FLOOR_TABLE)} (like ${measurements} including all)`);
  const floor = alias(measurements, FLOOR_TABLE);
  const columns = getTableColumns(measurements);

  app.get<{ Params: { id: string } }>('/bench/floor/read/:id', async (request) => {
    const [plant] = await db.select({ id: powerPlants.id, name: powerPlants.name }).from(powerPlants).where(sql`${powerPlants.id} = ${Number(request.params.id)}`);
    return plant ?? {};
  });

  // The same rows a push would store, energies from the previous point of the body (as the old bench's raw insert).
  app.post<{ Body: { points: (Omit<Reading, 'ts'> & { ts: string })[] } }>('/bench/floor/points', async (request) => {
    let prev: Reading | null = null;
    const points = request.body.points.map((p) => {
      const reading: Reading = { ...p, ts: new Date(p.ts) };
      const row = { ...reading, ...intervalEnergy(prev && prev.investor === reading.investor ? prev : null, reading) };
      prev = reading;
      return row;
    });
    const inserted = await rows(db, sql`
      insert into ${floor} (${names(Object.values(columns))})
      select ${names(Object.values(columns))} from ${recordset(alias(measurements, 'x'), columns, points)}
      on conflict do nothing returning 1`);
    return { stored: inserted.length };
  });

  app.get<{ Params: { id: string }; Querystring: { type: ChartType; date: string } }>('/bench/raw/:id', async (request) => {
    const { timeZone } = await readSettings(db);
    const span = chartSpan(request.query.type, request.query.date);
    const m = alias(measurements, 'm');
    return rows(db, sql`
      select to_char(b, ${span.label}) as bucket,
        ${sql.join(FIELDS.map((f) => sql`${f === 'max_power_w' ? sql`max(power)` : sql`sum(${sql.identifier(f)})`}::float8 as ${sql.identifier(f)}`), sql`, `)}
      from (
        select date_trunc(${span.period}, ${m.ts} at time zone ${timeZone}) as b, ${m.ts},
          ${sql.join(ENERGIES.map((f) => sql`sum(${m[f]}) as ${sql.identifier(f)}`), sql`, `)},
          sum(greatest(${m.energy_wh} - ${m.export_wh}, 0)) as self_consumption_wh, sum(${m.ac_power_w}) as power
        from ${measurements} ${m}
        where ${m.investor} in (select ${investors.id} from ${investors} where ${investors.plant} = ${Number(request.params.id)})
          and ${m.ts} < (${span.to}::timestamp at time zone ${timeZone})
          ${span.from ? sql`and ${m.ts} >= (${span.from}::timestamp at time zone ${timeZone})` : sql``}
        group by 1, 2
      ) s
      group by b
      order by b`);
  });

  /**
   * The plant rollup buckets (hour, day, month, year) starting at or after the local time of `from`
   * (a local midnight of January 1st, so each bucket after it holds only points from then on) whose
   * energy, consumption, export or point count differ from the raw points', or that exist on one side
   * only: none once the rollups have caught up.
   */
  app.get<{ Querystring: { from: string } }>('/bench/lag', async (request) => {
    const { timeZone } = await readSettings(db);
    const from = new Date(request.query.from).toISOString();
    const m = alias(measurements, 'm');
    const e = alias(plantEnergy, 'e');
    const [result] = await rows<{ wrong: number; points: number; sample: string | null }>(db, sql`
      with hours as (
        select ${investors.plant} as k, date_trunc('hour', ${m.ts} at time zone ${timeZone}) as hour,
          sum(${m.energy_wh}) as energy_wh, sum(${m.consumption_wh}) as consumption_wh, sum(${m.export_wh}) as export_wh, count(*) as samples
        from ${measurements} ${m} join ${investors} on ${investors.id} = ${m.investor}
        where ${m.ts} >= ${from}::timestamptz
        group by 1, 2
      ),
      raw as (
        select k, p.period, date_trunc(p.period, hour) as bucket,
          sum(energy_wh) as energy_wh, sum(consumption_wh) as consumption_wh, sum(export_wh) as export_wh, sum(samples)::int as samples
        from hours cross join (values ('hour'), ('day'), ('month'), ('year')) p(period)
        group by 1, 2, 3
      ),
      rolled as (
        select ${e.plant} as k, ${e.period} as period, ${e.bucket} as bucket, ${e.energy_wh} as energy_wh,
          ${e.consumption_wh} as consumption_wh, ${e.export_wh} as export_wh, ${e.samples} as samples
        from ${plantEnergy} ${e} where ${e.bucket} >= (${from}::timestamptz at time zone ${timeZone})
      ),
      wrong as (
        select k, period, bucket, raw.energy_wh as raw_wh, rolled.energy_wh as rollup_wh
        from raw full join rolled using (k, period, bucket)
        where raw.k is null or rolled.k is null or raw.samples <> rolled.samples
          or abs(raw.energy_wh - rolled.energy_wh) > 0.01 or abs(raw.consumption_wh - rolled.consumption_wh) > 0.01
          or abs(raw.export_wh - rolled.export_wh) > 0.01
      )
      select (select count(*) from wrong)::int as wrong,
        (select count(*) from ${measurements} ${m} where ${m.ts} >= ${from}::timestamptz)::int as points,
        (select format('plant %s %s %s: raw %s Wh, rollup %s Wh', k, period, bucket, raw_wh, rollup_wh) from wrong order by bucket, k limit 1) as sample`);
    return result;
  });
}

await serve(loadConfig(), { plugins: [benchRoutes] });
