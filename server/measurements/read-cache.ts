/**
 * Monitoring answers kept per process (a plant's figures, its charts, a day's curve), each with the
 * span of instants it was computed from, and dropped as soon as a reading in that span is stored,
 * changed or removed: the same answer is not computed again for every viewer and every refresh while
 * its readings stand still (a past day, month or year never changes unless a late batch arrives).
 *
 * What drops them, on every process (server/db/changes.ts, the change feed of the cached tables):
 * - 'readings <plant> <first ms> <last ms> [<plant> <first ms> <last ms> ...]', sent at each commit
 *   that stored points (store.ts) and by the measurements' triggers when rows are changed or removed
 *   otherwise (migration 0024_notify_readings): each plant's answers whose span holds an instant of
 *   its range;
 * - a change to `measurements` as a whole (emptied, a month detached), to `investors` (an inverter
 *   added, moved, removed), to `settings` (the time zone of every local day), or to what prices the
 *   savings (`power_plants`, the tariffs' tables of domain/billing, migration 0033): everything;
 * - a feed that lost its connection: everything, and nothing is kept until it listens again.
 * The process that stores readings drops its own answers at once (`readingsChanged`, from
 * store.ts), since its notification reaches it a moment after the commit; other processes, when
 * they hear it (milliseconds). An answer is kept from the moment its read starts, so a change heard
 * while it is being computed drops it too.
 */
import type { Db } from '../db/client.js';
import { forgetsOnWrite, whileHeard } from '../db/cache.js';
import { shareReply } from '../core/replies.js';

/** Instants an answer was computed from: epoch ms, both ends included. */
export interface Span { from: number; to: number }

/** The span of an answer that any reading may change (lifetime totals, the years of the annual chart). */
export const EVERY_INSTANT: Span = { from: -Infinity, to: Infinity };

const DAY_MS = 86_400_000;

/**
 * The instants of the local days from `first` to `last` (YYYY-MM-DD, both included) in any time zone:
 * a day more on each side covers every offset (UTC-12 to UTC+14) and the day curve's margin.
 */
export function daysSpan(first: string, last: string): Span {
  return { from: Date.parse(`${first}T00:00:00Z`) - DAY_MS, to: Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS };
}

/** Tables whose change alters every answer. */
const TABLES = new Set(['measurements', 'investors', 'settings', 'power_plants', 'distributors', 'tariffs', 'injection_prices', 'remanente_assignments']);
/** 'readings' and, per plant, its id and the first and last instant that changed (epoch ms). */
const READINGS = /^readings( \d+ -?\d+ -?\d+)+$/;
/**
 * Answers kept per database at most; beyond, the oldest go. A day curve is some 50 KB of JSON text, the
 * other answers a few: at most about 100 MB, two answers for each plant of a fleet of 1,000.
 */
const MAX_ANSWERS = 2_000;

interface Kept { plant: number; span: Span; value: Promise<unknown> }

interface Answers {
  /** By `${plant} ${key}`, oldest first. */
  all: Map<string, Kept>;
  /** The keys of `all` per plant. */
  byPlant: Map<number, Set<string>>;
}

const kept = new WeakMap<Db, Answers>();

function answersOf(db: Db) {
  let answers = kept.get(db);
  if (!answers) kept.set(db, answers = { all: new Map(), byPlant: new Map() });
  return answers;
}

function drop(answers: Answers, id: string) {
  const found = answers.all.get(id);
  if (!found) return;
  answers.all.delete(id);
  const ofPlant = answers.byPlant.get(found.plant)!;
  ofPlant.delete(id);
  if (!ofPlant.size) answers.byPlant.delete(found.plant);
}

const forget = (db: Db) => { kept.delete(db); };

/** Drops `plant`'s answers computed from an instant between `from` and `to` (epoch ms). */
export function readingsChanged(db: Db, plant: number, from: number, to: number) {
  const answers = kept.get(db);
  for (const id of answers?.byPlant.get(plant) ?? []) {
    const { span } = answers!.all.get(id)!;
    if (span.from <= to && from <= span.to) drop(answers!, id);
  }
}

const live = whileHeard((db) => ({
  change: (message) => {
    if (TABLES.has(message)) return forget(db);
    if (!READINGS.test(message)) return;
    const numbers = message.split(' ').slice(1).map(Number);
    for (let i = 0; i < numbers.length; i += 3) readingsChanged(db, numbers[i], numbers[i + 1], numbers[i + 2]);
  },
  lost: () => forget(db),
}));

/**
 * `read()`'s answer for `plant` under `key` (which names the call and its parameters), kept while
 * no reading of `span` changes and the database's change feed is live; read afresh otherwise. An
 * answer `keep` refuses is given to the callers that asked meanwhile, then dropped.
 */
export async function keptAnswer<T>(db: Db, plant: number, key: string, span: Span, read: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
  if (!(await live(db))) return read();
  const answers = answersOf(db);
  const id = `${plant} ${key}`;
  const found = answers.all.get(id);
  if (found) return found.value as Promise<T>;
  if (answers.all.size >= MAX_ANSWERS) drop(answers, answers.all.keys().next().value!);
  const value = read();
  answers.all.set(id, { plant, span, value });
  let ofPlant = answers.byPlant.get(plant);
  if (!ofPlant) answers.byPlant.set(plant, ofPlant = new Set());
  ofPlant.add(id);
  // Every caller gets this one value, written out once per route (core/replies.ts). A failed read is
  // not kept, nor a refused one; nor one dropped meanwhile (its place may hold a newer read).
  const unkeep = () => { if (kept.get(db) === answers && answers.all.get(id)?.value === value) drop(answers, id); };
  value.then((answer) => (keep(answer) ? shareReply(answer) : unkeep()), unkeep);
  return value;
}

forgetsOnWrite({ forget });
