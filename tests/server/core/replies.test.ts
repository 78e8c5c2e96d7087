/**
 * Shared replies (server/core/replies.ts): a value many requests get as it is (a kept monitoring
 * answer) is written out once per route; any other value is written out every time.
 */
import { describe, expect, it } from 'vitest';
import { serializeSharedOnce, shareReply } from '../../../server/core/replies.js';

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
