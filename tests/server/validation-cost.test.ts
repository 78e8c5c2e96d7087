/**
 * No body under the size limit costs more than a few milliseconds of validation (issue 33, item 1):
 * a list far over its `maxItems` is refused at once, and the server keeps answering others meanwhile.
 * Over a real socket, so that a stalled event loop shows in the other request's time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness.js';

const PORT = 4110;
const base = `http://127.0.0.1:${PORT}`;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext({ PORT: String(PORT) });
  token = (await ctx.userWithToken()).token;
  await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
}, 180_000);
afterAll(() => ctx?.close());

/** The answer and how long it took, in ms. */
async function timed(url: string, init?: RequestInit) {
  const start = performance.now();
  const res = await fetch(`${base}${url}`, init);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - start };
}

it('a 100,000-item alarm_opt_out is a 400 at once (within 2 s under load), and another request is answered meanwhile', async () => {
  const payload = JSON.stringify({ alarm_opt_out: Array.from({ length: 100_000 }, (_, i) => i + 1) });
  expect(payload.length).toBeLessThan(1024 * 1024);
  const big = timed('/api/my-profile/update', {
    method: 'PUT', body: payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const other = await timed('/api/features');
  const refused = await big;
  expect(refused.status).toBe(400);
  expect(JSON.parse(refused.body)).toHaveProperty('alarm_opt_out');
  // The issue asks for 1 s; it takes tens of ms on an idle machine (66 s before the fix). The bound is
  // doubled because this process is both client and server on a machine shared by other test runs.
  expect(refused.ms).toBeLessThan(2000);
  expect(other.status).toBe(200);
  expect(other.ms).toBeLessThan(2000);
}, 120_000);

it('a query string of 2,000 repeated parameters is answered within 1 s', async () => {
  // About 14 kB: near what Node takes in a request's head (16 kB), past which it answers 431 itself.
  const query = Array.from({ length: 2000 }, () => 'page=1').join('&');
  const res = await timed(`/api/trademark-all/?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toHaveProperty('page');
  expect(res.ms).toBeLessThan(1000);
});

it('a body nested 300,000 levels deep is a 400 within 1 s, refused before it is parsed', async () => {
  const payload = `{"first_name": ${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
  const res = await timed('/api/my-profile/update', {
    method: 'PUT', body: payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toEqual({ non_field_errors: ['JSON demasiado anidado (más de 64 niveles).'] });
  expect(res.ms).toBeLessThan(1000);
});

it('brackets inside text do not count as nesting', async () => {
  const res = await timed('/api/my-profile/update', {
    method: 'PUT', body: JSON.stringify({ first_name: `Ana ${'[{'.repeat(40)}` }), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).first_name).toBe(`Ana ${'[{'.repeat(40)}`);
});

it('a body within every limit still has every wrong field named in one answer', async () => {
  const res = await timed('/api/my-profile/update', {
    method: 'PUT', body: JSON.stringify({ language: 'xx', email: 'no-es-correo', alarm_opt_out: ['nope'] }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(400);
  expect(Object.keys(JSON.parse(res.body)).sort()).toEqual(['alarm_opt_out.0', 'email', 'language']);
});
