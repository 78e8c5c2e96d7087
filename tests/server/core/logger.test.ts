/**
 * server/core/logger.ts: `npm start` on a terminal prints readable lines (pino-pretty), not raw JSON
 * between its human ones; to anything else (a supervisor, a file) one JSON object a line. Secrets stay
 * hidden in both.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { forPeople, loggerOptions } from '../../../server/core/logger.js';

/** Everything written to it, as text. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } });
  return { stream, text: () => chunks.join('') };
}

/** A line as the demo feed and a careless caller would log it, through Fastify as the server does. */
async function logThrough(tty: boolean) {
  const out = capture();
  const app = Fastify({ logger: loggerOptions({ level: 'info', tty, destination: out.stream }) });
  app.log.info({ password: 'hunter2-secret', req: { headers: { authorization: 'Bearer tok-secret' } }, user: { token: 'abc-secret' } }, 'Demo: historial de 396 días 30%');
  await app.close();
  return out.text();
}

describe('the server log', () => {
  it('is for people on a terminal only', () => {
    expect(forPeople({ isTTY: true })).toBe(true);
    expect(forPeople({ isTTY: false })).toBe(false);
    expect(forPeople({})).toBe(false);
  });

  it('prints readable lines on a terminal, without a secret', async () => {
    const text = await logThrough(true);
    const line = text.split('\n').find((l) => l.includes('Demo: historial de 396 días 30%'));
    expect(line, text).toMatch(/INFO.*Demo: historial de 396 días 30%/);
    expect(line!.trimStart().startsWith('{')).toBe(false);
    expect(text).not.toMatch(/secret/);
    expect(text).toContain('[oculto]');
  });

  it('prints one JSON object a line otherwise, without a secret', async () => {
    const text = await logThrough(false);
    const [line] = text.trim().split('\n').map((l) => JSON.parse(l));
    expect(line).toMatchObject({ level: 30, msg: 'Demo: historial de 396 días 30%', password: '[oculto]', user: { token: '[oculto]' } });
    expect(text).not.toMatch(/secret/);
  });
});
