/**
 * Fixtures of the measurement suites: a plant with inverters, MPPTs and strings written straight to
 * the database (the hierarchy API has its own suite), readings built from a compact description, and
 * the calls of the API as {status, body}.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { investors, mppts, panels, powerPlants, projects, projectUsers, strings } from '../server/db/schema.js';
import type { Reading } from '../server/measurements/store.js';
import { rows } from '../server/db/sql.js';
import type { TestContext } from './harness.js';

export interface Tree {
  project: number;
  plant: number;
  investors: { id: number; serial: string; mppts: { id: number; number: number; strings: number[] }[] }[];
}

let counter = 0;

/**
 * A project > plant > inverters (2 MPPTs each, `stringsPerMppt` strings each, with `panels` of `panelWp`
 * each when asked), optionally linked to a user.
 */
export async function plantTree(db: Db, opts: { inverters?: number; stringsPerMppt?: number; user?: number; tariff?: number; panels?: number; panelWp?: number } = {}): Promise<Tree> {
  counter += 1;
  const [project] = await db.insert(projects).values({ name: `Proyecto ${counter}` }).returning();
  if (opts.user) await db.insert(projectUsers).values({ user_project: project.id, users: opts.user });
  const [plant] = await db.insert(powerPlants).values({
    project: project.id, name: `Planta ${counter}`, latitude: -33.45, longitude: -70.66, capacity_kwp: 6, tariff: opts.tariff ?? 150,
  }).returning();
  const tree: Tree = { project: project.id, plant: plant.id, investors: [] };
  for (let i = 0; i < (opts.inverters ?? 1); i++) {
    const serial = `SN-${counter}-${i + 1}`;
    const [inv] = await db.insert(investors).values({ plant: plant.id, name: `Inversor ${i + 1}`, serial_number: serial, nominal_power_kw: 6 }).returning();
    const entry: Tree['investors'][number] = { id: inv.id, serial, mppts: [] };
    for (const number of [1, 2]) {
      const [m] = await db.insert(mppts).values({ investor: inv.id, name: `MPPT ${number}`, number }).returning();
      const ids: number[] = [];
      for (let s = 0; s < (opts.stringsPerMppt ?? 1); s++) {
        const [str] = await db.insert(strings).values({ mppt: m.id, name: `String ${number}.${s + 1}` }).returning();
        ids.push(str.id);
        if (opts.panels) {
          await db.insert(panels).values(Array.from({ length: opts.panels }, (_, p) => ({ string: str.id, name: `Panel ${p + 1}`, power_wp: opts.panelWp ?? 500 })));
        }
      }
      entry.mppts.push({ id: m.id, number, strings: ids });
    }
    tree.investors.push(entry);
  }
  return tree;
}

/** A plant for inverters read from Fronius dataloggers; `addInverter` puts one on a datalogger address. */
export async function froniusPlant(db: Db) {
  const [project] = await db.insert(projects).values({ name: 'Proyecto Fronius' }).returning();
  const [plant] = await db.insert(powerPlants).values({ project: project.id, name: 'Planta Maipú' }).returning();
  return {
    id: plant.id,
    addInverter: async (name: string, datalogger_address: string, device_id = 1) =>
      (await db.insert(investors).values({ plant: plant.id, name, datalogger_address, device_id }).returning())[0],
  };
}

const STEP_MS = 5 * 60_000;

/** Readings every `stepMs` from `from` (inclusive) to `to` (exclusive), fields from `at(ts, index)`. */
export function series(investor: number, from: Date | string, to: Date | string, at: (ts: Date, i: number) => Partial<Reading>, stepMs = STEP_MS): Reading[] {
  const out: Reading[] = [];
  const end = new Date(to).getTime();
  for (let t = new Date(from).getTime(), i = 0; t < end; t += stepMs, i++) {
    const ts = new Date(t);
    out.push({ investor, ts, ac_power_w: 0, ...at(ts, i) });
  }
  return out;
}

/** Rows of a raw query, loosely typed for assertions. */
export const query = <T = Record<string, any>>(db: Db, q: SQL) => rows<T>(db, q);

/** An API call as {status, body}. */
export async function call(ctx: TestContext, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, opts: { payload?: unknown; headers?: Record<string, string> } = {}) {
  const res = await ctx.request(token, { method, url: `/api${url}`, payload: opts.payload as any, headers: opts.headers });
  return { status: res.statusCode, body: res.body ? res.json() : null } as { status: number; body: any };
}
