/**
 * The agent's durable buffer on its own: what a crash leaves behind, the acknowledged position, the
 * disk budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingBuffer, SEGMENT_BYTES } from '../../agent/buffer/buffer.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-buffer-')));
const segments = () => fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();

describe('reading buffer', () => {
  it('drops a line torn by a crash and appends after the last whole one', () => {
    let buffer = new ReadingBuffer<{ n: number }>(fresh(), 1e9);
    buffer.append([{ n: 1 }, { n: 2 }]);
    buffer.close();
    // kill -9 during a write: half a line at the end of the newest segment.
    fs.appendFileSync(path.join(dir, segments()[0]), '{"n":3,"po');
    buffer = new ReadingBuffer<{ n: number }>(dir, 1e9);
    expect(buffer.backlog).toBe(2);
    buffer.append([{ n: 4 }]);
    expect(buffer.peek(10).entries).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
  });

  it('keeps what was acknowledged across a restart, and sends the rest from there, oldest first', () => {
    let buffer = new ReadingBuffer<{ n: number }>(fresh(), 1e9);
    buffer.append([1, 2, 3, 4, 5].map((n) => ({ n })));
    const first = buffer.peek(2);
    expect(first.entries).toEqual([{ n: 1 }, { n: 2 }]);
    // Peeked, not acknowledged (the portal did not answer): a restart sends them again.
    buffer.close();
    buffer = new ReadingBuffer<{ n: number }>(dir, 1e9);
    expect(buffer.peek(2).entries).toEqual([{ n: 1 }, { n: 2 }]);
    buffer.acknowledge(first.next, 2);
    buffer.close();
    buffer = new ReadingBuffer<{ n: number }>(dir, 1e9);
    expect(buffer.backlog).toBe(3);
    expect(buffer.peek(10).entries).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
  });

  it('drops the oldest readings past its disk budget and says how many were never sent', () => {
    const dropped: number[] = [];
    const buffer = new ReadingBuffer<{ n: number; pad: string }>(fresh(), 3 * SEGMENT_BYTES, (count) => dropped.push(count));
    const pad = 'x'.repeat(1000);
    let n = 0;
    // About 1 kB a reading, 16 a write: four segments' worth.
    for (let i = 0; i < 64; i++) buffer.append(Array.from({ length: 16 }, () => ({ n: n++, pad })));
    expect(segments().length).toBeLessThanOrEqual(3);
    expect(buffer.bytes).toBeLessThanOrEqual(3 * SEGMENT_BYTES);
    const total = dropped.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const left = buffer.peek(10_000).entries;
    expect(left.length + total).toBe(n);
    expect(buffer.backlog).toBe(left.length);
    // What is left is the newest, in order.
    expect(left[0].n).toBe(total);
    expect(left.at(-1)!.n).toBe(n - 1);
  });
});
