/**
 * A plant's energies over its local periods ("today", "this month", "this year" are the plant's local
 * ones, settings.time_zone): today's, this month's, this year's and lifetime production, the flows
 * metered beside it, the same month last year, and each inverter's latest reading. What they are worth
 * and the summary made of them are the domain's (domain/snapshot.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { investorEnergy, plantEnergy } from '../db/schema.js';
import { rows } from '../db/sql.js';
import { LATEST, latestReadings } from './latest.js';
import { sumTotals } from './queries.js';
import type { LocalPeriods } from './time.js';

const round1 = (x: number) => Math.round(x * 10) / 10;

/** What snapshot reads of each inverter beside its latest reading (latest.ts `extra`). */
type InverterCounters = {
  /** The latest reading's day and year counters, null for an inverter that reports its PV power. */
  counter_day: number | null; counter_year: number | null;
  /** Whether the latest reading is of the plant's today, of its year. */
  today: boolean | null; this_year: boolean | null;
  /** What is recorded for the inverter today, this year, and in all (its yearly rollups). */
  recorded_day: number; recorded_year: number; recorded_wh: number | null;
  /** The inverter's last counter (its yearly rollups'): what lifetime reads while it sleeps without one. */
  last_counter_wh: number | null;
};

/** The columns of InverterCounters, over latest.ts's names of the inverter (i) and its latest reading (m). */
function counterColumns(periods: LocalPeriods) {
  const { inverter: i, reading: m } = LATEST;
  const local = sql`(${m.ts} at time zone ${periods.time_zone})`;
  const recorded = (period: 'day' | 'year', bucket: string) => sql`coalesce((select ${investorEnergy.energy_wh} from ${investorEnergy}
    where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = ${period} and ${investorEnergy.bucket} = ${bucket}::timestamp), 0)::float8`;
  return {
    counter_day: sql`case when ${m.pv_power_w} is null then ${m.energy_day_wh} end`,
    counter_year: sql`case when ${m.pv_power_w} is null then ${m.energy_year_wh} end`,
    today: sql`${local}::date = ${periods.today}::date`,
    this_year: sql`extract(year from ${local}) = ${Number(periods.year)}`,
    recorded_day: recorded('day', `${periods.today} 00:00:00`),
    recorded_year: recorded('year', `${periods.year}-01-01 00:00:00`),
    recorded_wh: sql`(select sum(${investorEnergy.energy_wh}) from ${investorEnergy}
      where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = 'year')::float8`,
    last_counter_wh: sql`(select ${investorEnergy.last_counter_wh} from ${investorEnergy}
      where ${investorEnergy.investor} = ${i.id} and ${investorEnergy.period} = 'year' and ${investorEnergy.last_counter_wh} > 0
      order by ${investorEnergy.bucket} desc limit 1)::float8`,
  } satisfies Record<keyof InverterCounters, SQL>;
}

/**
 * What the inverters' own day and year counters (Symo DAY_ENERGY, YEAR_ENERGY) say was produced that
 * the recorded points do not hold (a device added during the day or the year): per inverter whose
 * newest reading is of today (of this year), the counter less what is recorded for it in that period,
 * never negative. Today's part also belongs to the month and the year; the year takes the larger of it
 * and the year counter's part. The month has no counter: it gains today's part only.
 * An inverter that reports its PV power is left out: its counters count its AC output, battery
 * included, while what is recorded for it is PV energy (store.ts intervalEnergy), so their
 * difference is not energy it made unrecorded.
 */
function unrecordedByCounters(inverters: InverterCounters[]) {
  let day = 0;
  let year = 0;
  for (const r of inverters) {
    const dayPart = r.today && r.counter_day !== null ? Math.max(0, r.counter_day - r.recorded_day) : 0;
    const yearPart = r.this_year && r.counter_year !== null ? Math.max(0, r.counter_year - r.recorded_year) : 0;
    day += dayPart;
    year += Math.max(dayPart, yearPart);
  }
  return { day: round1(day), month: round1(day), year: round1(year) };
}

/** A plant rollup bucket's energies, as the plant's energies query gives them. */
type BucketRow = { period: string; bucket: string } & Record<'energy_wh' | 'consumption_wh' | 'import_wh' | 'export_wh', number>;

/**
 * In one statement over the plant's rollups: the buckets of its today, this month, this year and
 * the same month last year; last year's month up to the same day; and everything recorded (the
 * yearly rows: energy, export, and whether any flow beside production was metered).
 */
async function plantEnergies(db: Db, plant: number, periods: LocalPeriods) {
  const p = plantEnergy;
  const inBuckets = sql`(${p.period}, ${p.bucket}) in (
    ('day', ${`${periods.today} 00:00:00`}::timestamp), ('month', ${`${periods.month}-01 00:00:00`}::timestamp),
    ('year', ${`${periods.year}-01-01 00:00:00`}::timestamp), ('month', ${`${periods.last_year_month}-01 00:00:00`}::timestamp))`;
  const lastYearToDate = sql`${p.period} = 'day' and ${p.bucket} between ${`${periods.last_year_month}-01 00:00:00`}::timestamp
    and ${`${periods.last_year_same_day} 00:00:00`}::timestamp`;
  const yearly = sql`${p.period} = 'year'`;
  const [found] = await rows<{ buckets: BucketRow[] | null; last_year_to_date_wh: number | null; energy_wh: number; export_wh: number; flows_wh: number }>(db, sql`
    select
      json_agg(json_build_object('period', ${p.period}, 'bucket', ${p.bucket}, 'energy_wh', ${p.energy_wh},
        'consumption_wh', ${p.consumption_wh}, 'import_wh', ${p.import_wh}, 'export_wh', ${p.export_wh})) filter (where ${inBuckets}) as buckets,
      (sum(${p.energy_wh}) filter (where ${lastYearToDate}))::float8 as last_year_to_date_wh,
      coalesce(sum(${p.energy_wh}) filter (where ${yearly}), 0)::float8 as energy_wh,
      coalesce(sum(${p.export_wh}) filter (where ${yearly}), 0)::float8 as export_wh,
      coalesce(sum(${p.import_wh} + ${p.export_wh} + ${p.consumption_wh}) filter (where ${yearly}), 0)::float8 as flows_wh
    from ${p} where ${p.plant} = ${plant} and (${yearly} or ${inBuckets} or (${lastYearToDate}))`);
  return { ...found, buckets: found.buckets ?? [] };
}

/**
 * A plant's energies of its local periods, its lifetime production and its latest readings: two
 * statements, one over its inverters (latest readings and counters), one over its rollups.
 */
export async function plantFigures(db: Db, plant: number, periods: LocalPeriods) {
  const inverters = await latestReadings<InverterCounters>(db, periods.time_zone, { plant }, counterColumns(periods));
  const energies = await plantEnergies(db, plant, periods);
  const unrecorded = unrecordedByCounters(inverters.map((l) => l.extra));
  const totalsOf = (period: 'day' | 'month' | 'year', day: string) =>
    sumTotals([...energies.buckets.filter((r) => r.period === period && r.bucket.startsWith(day)), { energy_wh: unrecorded[period] }]);
  const lastYearMonth = energies.buckets.find((r) => r.period === 'month' && r.bucket.startsWith(periods.last_year_month));
  // Lifetime: each inverter's own counter when it has one (its last one while it sleeps without), otherwise
  // everything recorded for it.
  const totalWh = round1(inverters.reduce((acc, l) => acc + (l.reading?.energy_total_wh || l.extra.last_counter_wh || l.extra.recorded_wh || 0), 0));
  const latest = inverters.map(({ extra: _, ...l }) => l);

  return {
    latest,
    today: totalsOf('day', periods.today), month: totalsOf('month', `${periods.month}-01`), year: totalsOf('year', `${periods.year}-01-01`),
    lifetime: { energy_wh: totalWh },
    metered: energies.flows_wh > 0,
    lastYearToDateWh: energies.last_year_to_date_wh,
    lastYearMonthWh: lastYearMonth ? lastYearMonth.energy_wh : null,
  };
}
export type Figures = Awaited<ReturnType<typeof plantFigures>>;
