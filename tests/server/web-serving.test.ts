/**
 * How the built web app and the API answers travel: precompressed assets cached for good under
 * their hashed names, index.html checked on every load, API JSON compressed from 1 KB up, and the
 * Content-Security-Policy the pages run under.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness.js';

let ctx: TestContext;
let webDir: string;
let token: string;
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
// The pages vite.config.ts writes beside it (sectionPages): index.html plus the admin's chunks, and a section's.
const APP = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/AdminApp-x.js"></head>');
const MONITORING = APP.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/ChartPanel-x.js"></head>');

beforeAll(async () => {
  // A built app as vite.config.ts leaves it: hashed assets with .br and .gz siblings.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solar-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDir, 'app.html'), APP);
  fs.writeFileSync(path.join(webDir, 'app-monitoring.html'), MONITORING);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(SCRIPT));
  ctx = await createTestContext({}, { webDir });
  token = (await ctx.userWithToken({ is_staff: true })).token;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends hashed assets precompressed, as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the SPA for any deep link, to be revalidated on every load: under /app with the admin\'s chunks preloaded', async () => {
    const pages: [string, string][] = [
      ['/index.html', INDEX], ['/login', INDEX], ['/user/reset-password/a/b', INDEX], ['/apples', INDEX],
      // '/' opens the monitoring page.
      ['/', MONITORING], ['/app/monitoring', MONITORING], ['/app/monitoring?plant=2', MONITORING],
      ['/app/tickets/list', APP], ['/app/power-plants/3/show', APP], ['/app/%2E%2E%2Findex', APP],
    ];
    for (const [url, page] of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(page);
    }
  });

  it('pages carry a Content-Security-Policy without inline scripts', async () => {
    const csp = String((await get('/login')).headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    // The map's tiles, exactly that server (src/pages/monitoring/PlantsMap.tsx).
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives).not.toHaveProperty('upgrade-insecure-requests');
  });
});

describe('API answers', () => {
  it('are compressed from 1 KB up, and small ones are left alone', async () => {
    const big = await ctx.request(token, { method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);

    const gzip = await ctx.request(token, { method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await ctx.request(token, { method: 'GET', url: '/api/my-profile', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('email');
  });
});
