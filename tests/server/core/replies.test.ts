/**
 * Shared replies (server/core/replies.ts): a value many requests get as it is (a kept monitoring
 * answer) is written out once per route, and compressed once per encoding; any other value is
 * written out and compressed every time.
 */
import zlib from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { describe, expect, it, vi } from 'vitest';
import { COMPRESSION, installSharedCompression, serializeSharedOnce, shareReply } from '../../../server/core/replies.js';

const schema = { type: 'array', items: { type: 'object', properties: { ts: { type: 'string' }, power_w: { type: ['number', 'null'] } } } };
const serializer = () => serializeSharedOnce({}, {})({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('serializeSharedOnce', () => {
  it('writes a shared value once: the text it gives again is the first one', () => {
    const serialize = serializer();
    const curve = [{ ts: '2026-01-10T12:00:00-03:00', power_w: 2000 }];
    shareReply(curve);
    const first = serialize(curve);
    expect(JSON.parse(first)).toEqual(curve);
    // Nobody changes a shared value; were it changed, this shows the text was not written again.
    curve[0].power_w = 1;
    expect(serialize(curve)).toBe(first);
  });

  it('writes any other value every time, by the route\'s schema', () => {
    const serialize = serializer();
    const curve = [{ ts: '2026-01-10T12:00:00-03:00', power_w: 2000, secret: 'dropped' }];
    expect(JSON.parse(serialize(curve))).toEqual([{ ts: '2026-01-10T12:00:00-03:00', power_w: 2000 }]);
    curve[0].power_w = 1;
    expect(JSON.parse(serialize(curve))[0].power_w).toBe(1);
  });

  it('keeps the text per route: another schema writes the same shared value its own way', () => {
    const curve = [{ ts: '2026-01-10T12:00:00-03:00', power_w: 2000 }];
    shareReply(curve);
    const tsOnly = serializeSharedOnce({}, {})({ schema: { type: 'array', items: { type: 'object', properties: { ts: { type: 'string' } } } }, method: 'GET', url: '/y', httpStatus: '200' });
    expect(serializer()(curve)).toContain('power_w');
    expect(tsOnly(curve)).not.toContain('power_w');
  });
});

describe('installSharedCompression', () => {
  it('compresses a shared reply once per encoding, and leaves any other to @fastify/compress', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: serializeSharedOnce } } });
    installSharedCompression(app, { threshold: 1024 });
    await app.register(compress, { threshold: 1024, ...COMPRESSION });
    const curve = Array.from({ length: 100 }, (_, i) => ({ ts: `2026-01-10T12:${String(i % 60).padStart(2, '0')}:00-03:00`, power_w: 2000 + i }));
    shareReply(curve);
    app.get('/shared', { schema: { response: { 200: schema } } }, async () => curve);
    app.get('/fresh', { schema: { response: { 200: schema } } }, async () => curve.map((p) => ({ ...p })));
    const get = (url: string, encoding?: string) => app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const first = await get('/shared', 'br');
      expect([first.headers['content-encoding'], first.headers.vary]).toEqual(['br', 'accept-encoding']);
      expect(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString())).toEqual(curve);
      const again = await get('/shared', 'gzip, deflate, br');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(brotli).toHaveBeenCalledTimes(1);
      const gzip = await get('/shared', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(curve);
      const plain = await get('/shared');
      expect([plain.headers['content-encoding'], plain.json()]).toEqual([undefined, curve]);
      // A reply that is not shared is left to the plugin, which compresses it each time.
      const fresh = await get('/fresh', 'br');
      expect(fresh.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(fresh.rawPayload).toString())).toEqual(curve);
      expect(brotli).toHaveBeenCalledTimes(1);
      // Kept or not, a browser gets the same bytes: both at the fast settings (brotli quality 1).
      expect(fresh.rawPayload.equals(first.rawPayload)).toBe(true);
      const fast = { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
      expect(first.rawPayload.equals(zlib.brotliCompressSync(plain.body, fast))).toBe(true);
    } finally {
      brotli.mockRestore();
      await app.close();
    }
  });
});
