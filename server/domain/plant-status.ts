/**
 * A plant's status and performance ratio for its own calls (the monitoring page's snapshot and KPI
 * cards, the map): the status by the fleet view's rule (./fleet.ts `statusRule`, over the same newest
 * reading and open alarms), the ratios read by the fleet view's one query for that plant alone, so
 * the fleet, the plant's page, the map and the API say the same at the same moment (issue 33, item 9;
 * docs/expected-production.md "One ratio, one status").
 */
import { eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { alarms, powerPlants } from '../db/schema.js';
import { tableCache } from '../db/cache.js';
import { rows } from '../db/sql.js';
import { performance } from '../measurements/expected.js';
import type { FleetStatus } from '../../contract/fleet.js';
import type { AlarmKind } from '../../contract/alarms.js';
import { fleetPlants, openAlarmsByPlant, roundTo, statusOf, type FleetRow } from './fleet.js';

async function fleetRow(db: Db, plantId: number, timeZone: string, now: Date): Promise<FleetRow> {
  const { rows } = await fleetPlants(db, { scope: eq(powerPlants.id, plantId), filters: {}, order: [], timeZone, now });
  return rows[0];
}

export interface PlantStatus {
  status: FleetStatus;
  /** The oldest open alarm that makes the plant 'fault', when it is. */
  fault_alarm: { id: number; kind: AlarmKind } | null;
}

/**
 * A plant's open fault alarms (how many, the oldest's id and kind), kept per process until an alarm
 * is written (its trigger tells every process, migration 0034): every snapshot asks, and a query per
 * request cost the snapshot four fifths of its speed (docs/benchmarks.md, 3-4 Dec).
 */
const openFaults = tableCache([getTableName(alarms)], async (db: Db, plantId: number) => {
  const [row] = await rows<{ faults: number; fault_alarm: number | null; fault_kind: AlarmKind | null }>(db, openAlarmsByPlant(sql`${alarms.plant} = ${plantId}`));
  return row ?? { faults: 0, fault_alarm: null, fault_kind: null };
});

/**
 * The plant's status by the fleet view's rule (`statusOf`, ./fleet.ts) from whether its newest
 * reading is recent (`online`, as the snapshot worked it out from the readings it keeps) and its open
 * fault alarms, and the alarm behind a 'fault'.
 */
export async function plantStatus(db: Db, plantId: number, online: boolean): Promise<PlantStatus> {
  const { faults, fault_alarm: id, fault_kind: kind } = await openFaults.get(db, plantId);
  const status = statusOf(online, faults);
  return { status, fault_alarm: status === 'fault' && id !== null ? { id, kind: kind! } : null };
}

/**
 * The performance ratios of the KPI cards: today and this month exactly the fleet's (the same actual
 * from the rollups over the same expectation stored ahead, climatology, up to now); the year adds
 * to the month's expectation the year's earlier months as the model gives them.
 */
export async function plantPerformance(db: Db, plantId: number, timeZone: string, now = new Date()) {
  const row = await fleetRow(db, plantId, timeZone, now);
  const live = await performance(db, plantId, timeZone, now, null);
  const ratio = (actualWh: number, expectedWh: number | null, ratio: number | null) => ({
    actual_wh: roundTo(actualWh, 1)!, expected_wh: roundTo(expectedWh, 1), ratio: roundTo(ratio, 3),
  });
  const earlierMonths = live.year.expected_wh !== null && live.month.expected_wh !== null ? live.year.expected_wh - live.month.expected_wh : null;
  const yearExpected = earlierMonths !== null && row.expected_month_wh !== null ? earlierMonths + row.expected_month_wh : null;
  return {
    ...live,
    today: ratio(row.energy_today_wh, row.expected_today_wh, row.performance_today),
    month: ratio(row.energy_month_wh, row.expected_month_wh, row.performance_month),
    year: ratio(live.year.actual_wh, yearExpected, yearExpected ? live.year.actual_wh / yearExpected : null),
  };
}
