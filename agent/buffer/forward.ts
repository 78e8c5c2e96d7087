/**
 * Sends the buffer to the portal, oldest first, in batches, through the push ingest
 * (`POST /api/ingest/points`, contract/ingest.ts). The portal stores a point once per inverter and
 * instant, so a batch sent again after a crash (sent, stored, not yet acknowledged here) counts as
 * duplicates and nothing is stored twice. The position is saved only after a 2xx.
 *
 * Readings taken while the clock was unset (before the agent's build date: no NTP yet) are held:
 * they carry the process's monotonic time instead of an instant, and are given their instant once the
 * clock is set (the monotonic time then tells how long ago they were read). Held readings of an
 * earlier run of the agent cannot be placed any more (monotonic time restarts): they are dropped and
 * counted.
 */
import type { ReadingBuffer } from './buffer.js';
import type { Point } from '../sunspec/reading.js';

/** A buffered reading: a point with its instant, or held (`ts` empty) with when it was read. */
export interface Entry { point: Point; held?: { boot: string; mono: number } }

export interface Clock {
  /** Wall-clock time, ms. */
  now(): number;
  /** Monotonic time of this process, ms. */
  mono(): number;
}
export const systemClock: Clock = { now: () => Date.now(), mono: () => performance.now() };

export interface Log { info(msg: string): void; warn(msg: string): void }

export interface ForwardOptions {
  portal: string;
  key: string;
  /** Points per push (the portal takes at most 10 000). */
  batch: number;
  /** Before this instant the clock is taken as unset. */
  clockSetAfter: number;
  /** This run of the agent (held readings of another run cannot be placed). */
  boot: string;
  clock: Clock;
  log: Log;
  timeoutMs: number;
}

export type SendResult = 'sent' | 'empty' | 'held' | 'failed';

export class Forwarder {
  /** Pushes made and points the portal stored / counted as duplicates (shown in the log and the tests). */
  stats = { pushes: 0, stored: 0, duplicates: 0, rejected: 0, failures: 0, droppedHeld: 0 };
  lastError: string | null = null;

  constructor(private buffer: ReadingBuffer<Entry>, private opts: ForwardOptions) {}

  get clockSet() { return this.opts.clock.now() >= this.opts.clockSetAfter; }

  /** The instant of an entry, or null while it must wait (held, clock unset); undefined when it can never be placed. */
  private placed(entry: Entry): Point | null | undefined {
    if (!entry.held) return entry.point;
    if (!this.clockSet) return null;
    if (entry.held.boot !== this.opts.boot) return undefined;
    const { clock } = this.opts;
    return { ...entry.point, ts: new Date(clock.now() - (clock.mono() - entry.held.mono)).toISOString() };
  }

  /** One push of the oldest batch waiting. */
  async sendOnce(): Promise<SendResult> {
    const { entries, next } = this.buffer.peek(this.opts.batch);
    if (!entries.length) return 'empty';
    const points: Point[] = [];
    let lost = 0;
    let taken = 0;
    for (const entry of entries) {
      const point = this.placed(entry);
      if (point === null) break;
      taken += 1;
      if (point === undefined) lost += 1;
      else points.push(point);
    }
    if (taken === 0) return 'held';
    // A batch cut short at a held reading: acknowledge only what goes.
    const position = taken === entries.length ? next : this.buffer.peek(taken).next;
    if (points.length) {
      const ok = await this.push(points);
      if (!ok) return 'failed';
    }
    if (lost) {
      this.stats.droppedHeld += lost;
      this.opts.log.warn(`${lost} readings taken before the clock was set, in an earlier run, could not be dated: dropped`);
    }
    this.buffer.acknowledge(position, taken);
    return 'sent';
  }

  private async push(points: Point[]): Promise<boolean> {
    const url = `${this.opts.portal.replace(/\/+$/, '')}/api/ingest/points`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': this.opts.key },
        body: JSON.stringify({ points }),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      const text = await res.text();
      if (res.status < 200 || res.status > 299) {
        // 401: the key is wrong or revoked; 5xx: the portal is down. Either way the readings wait.
        return this.failed(`the portal answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
      }
      const result = JSON.parse(text) as { stored: number; duplicates: number; rejected: { row: number; errors: Record<string, string[]> }[] };
      this.stats.pushes += 1;
      this.stats.stored += result.stored;
      this.stats.duplicates += result.duplicates;
      this.stats.rejected += result.rejected.length;
      if (result.rejected.length) {
        // Refused points would be refused again: they are logged and not sent again.
        const [{ row, errors }] = result.rejected;
        this.opts.log.warn(`the portal refused ${result.rejected.length} of ${points.length} points; the first (${points[row - 1]?.investor} at ${points[row - 1]?.ts}): ${JSON.stringify(errors)}`);
      }
      this.lastError = null;
      return true;
    } catch (err) {
      return this.failed(`no answer from the portal: ${(err as Error).message}`);
    }
  }

  private failed(message: string) {
    this.stats.failures += 1;
    if (message !== this.lastError) this.opts.log.warn(message);
    this.lastError = message;
    return false;
  }

  /** Sends everything waiting; stops at the first failure or at held readings. */
  async drain(): Promise<SendResult> {
    for (;;) {
      const result = await this.sendOnce();
      if (result !== 'sent') return result;
    }
  }
}
