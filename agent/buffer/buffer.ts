/**
 * The agent's durable buffer: every reading is appended here (and fsynced) before anything is sent,
 * so a power cut or a kill -9 loses nothing the agent had read.
 *
 * - Segments `<n>.jsonl` (n = 1, 2, ...), one JSON entry per line, appended only; a new segment
 *   starts past SEGMENT_BYTES.
 * - `ack.json` {segment, offset}: where the first entry the portal has not acknowledged starts,
 *   replaced atomically (write, fsync, rename) only after the portal answered 2xx.
 * - A line cut short by a crash (no newline at the end of the newest segment) is dropped when the
 *   buffer opens, before anything is appended after it.
 * - A disk budget: past it the oldest segments are deleted, and the number of readings they held
 *   that had not been sent is reported (the agent logs it).
 */
import fs from 'node:fs';
import path from 'node:path';

export const SEGMENT_BYTES = 256 * 1024;
const SEGMENT = /^(\d+)\.jsonl$/;

export interface Position { segment: number; offset: number }
export interface Peeked<T> { entries: T[]; next: Position }

const segmentName = (n: number) => `${String(n).padStart(10, '0')}.jsonl`;

function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}

/** Complete lines of `text` (a torn last line left out), with the byte offset after each. */
function linesOf(text: Buffer, from: number): { line: string; end: number }[] {
  const out: { line: string; end: number }[] = [];
  let start = from;
  for (let nl = text.indexOf(10, start); nl !== -1; nl = text.indexOf(10, start)) {
    out.push({ line: text.subarray(start, nl).toString('utf8'), end: nl + 1 });
    start = nl + 1;
  }
  return out;
}

export class ReadingBuffer<T> {
  private segments: number[] = [];
  private sizes = new Map<number, number>();
  private ack: Position;
  private fd: number | null = null;
  /** Entries not yet acknowledged. */
  private waiting = 0;
  private listeners: (() => void)[] = [];

  /**
   * @param budgetBytes the most the segments may take on disk
   * @param onDrop told how many unsent entries the budget deleted
   */
  constructor(readonly dir: string, private budgetBytes: number, private onDrop: (count: number) => void = () => {}) {
    fs.mkdirSync(dir, { recursive: true });
    this.segments = fs.readdirSync(dir).map((f) => SEGMENT.exec(f)).filter((m) => m !== null).map((m) => Number(m[1])).sort((a, b) => a - b);
    for (const n of this.segments) this.sizes.set(n, fs.statSync(this.file(n)).size);
    const last = this.segments.at(-1);
    if (last !== undefined) this.dropTornTail(last);
    this.ack = this.readAck();
    for (const n of this.segments) if (n >= this.ack.segment) this.waiting += this.count(n, n === this.ack.segment ? this.ack.offset : 0);
  }

  private file(n: number) { return path.join(this.dir, segmentName(n)); }

  private dropTornTail(n: number) {
    const text = fs.readFileSync(this.file(n));
    const end = text.lastIndexOf(10) + 1;
    if (end === text.length) return;
    fs.truncateSync(this.file(n), end);
    this.sizes.set(n, end);
  }

  private readAck(): Position {
    const first = { segment: this.segments[0] ?? 1, offset: 0 };
    try {
      const ack = JSON.parse(fs.readFileSync(path.join(this.dir, 'ack.json'), 'utf8')) as Position;
      // Segments before the acknowledged one are done; one deleted meanwhile (budget) restarts at the oldest kept.
      if (!this.segments.includes(ack.segment)) return ack.segment < first.segment ? first : { segment: ack.segment, offset: 0 };
      return ack;
    } catch {
      return first;
    }
  }

  private count(n: number, from: number) {
    try {
      return linesOf(fs.readFileSync(this.file(n)), from).length;
    } catch {
      return 0;
    }
  }

  /** Readings waiting to be sent. */
  get backlog() { return this.waiting; }
  get bytes() { return [...this.sizes.values()].reduce((a, b) => a + b, 0); }

  /** Resolves at the next append (the sender waits on it when everything is sent). */
  appended(): Promise<void> { return new Promise((resolve) => this.listeners.push(resolve)); }

  /** Appends entries, durably: on disk (fsync) when this returns. */
  append(entries: T[]) {
    if (!entries.length) return;
    let last = this.segments.at(-1);
    if (last === undefined || (this.sizes.get(last) ?? 0) >= SEGMENT_BYTES) {
      if (this.fd !== null) fs.closeSync(this.fd);
      this.fd = null;
      last = (last ?? 0) + 1;
      this.segments.push(last);
      this.sizes.set(last, 0);
      fs.writeFileSync(this.file(last), '');
      fsyncDir(this.dir);
    }
    this.fd ??= fs.openSync(this.file(last), 'a');
    const data = Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    fs.writeSync(this.fd, data);
    fs.fsyncSync(this.fd);
    this.sizes.set(last, (this.sizes.get(last) ?? 0) + data.length);
    this.waiting += entries.length;
    this.keepBudget();
    for (const resolve of this.listeners.splice(0)) resolve();
  }

  /** Deletes the oldest segments while the buffer is over its budget (the newest is always kept). */
  private keepBudget() {
    let dropped = 0;
    while (this.segments.length > 1 && this.bytes > this.budgetBytes) {
      const oldest = this.segments.shift()!;
      if (oldest >= this.ack.segment) dropped += this.count(oldest, oldest === this.ack.segment ? this.ack.offset : 0);
      fs.rmSync(this.file(oldest), { force: true });
      this.sizes.delete(oldest);
      if (oldest >= this.ack.segment) this.ack = { segment: this.segments[0], offset: 0 };
    }
    if (dropped) {
      this.waiting -= dropped;
      this.writeAck(this.ack);
      this.onDrop(dropped);
    }
  }

  /** Up to `max` entries from the first unacknowledged one, oldest first, and the position after them. */
  peek(max: number): Peeked<T> {
    const entries: T[] = [];
    let next = { ...this.ack };
    for (const n of this.segments) {
      if (n < this.ack.segment) continue;
      const from = n === this.ack.segment ? this.ack.offset : 0;
      for (const { line, end } of linesOf(fs.readFileSync(this.file(n)), from)) {
        if (entries.length >= max) return { entries, next };
        try {
          entries.push(JSON.parse(line) as T);
        } catch { /* a line no one could have written whole: skipped */ }
        next = { segment: n, offset: end };
      }
    }
    return { entries, next };
  }

  /** The portal has the entries before `position` (`count` of them): never to be sent again. */
  acknowledge(position: Position, count: number) {
    this.writeAck(position);
    this.ack = position;
    this.waiting = Math.max(0, this.waiting - count);
    // Segments wholly sent are deleted; the newest stays, for appends.
    while (this.segments.length > 1 && this.segments[0] < position.segment) {
      const done = this.segments.shift()!;
      fs.rmSync(this.file(done), { force: true });
      this.sizes.delete(done);
    }
  }

  private writeAck(position: Position) {
    const tmp = path.join(this.dir, 'ack.json.tmp');
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(position));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(this.dir, 'ack.json'));
    fsyncDir(this.dir);
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}
