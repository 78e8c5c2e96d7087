/**
 * A user's devices (contract/web-push.ts): the VAPID key to subscribe with, turning notifications on
 * for a device, the list and removal, each user seeing and removing only their own, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../testing/harness.js';
import { call } from '../../../../testing/fixtures.js';
import { startPushService, type PushService } from '../../../../testing/push-service.js';

let ctx: TestContext;
let service: PushService;
let ana: { token: string };
let bea: { token: string };
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';

beforeAll(async () => {
  ctx = await createTestContext();
  service = await startPushService();
  ana = await ctx.userWithToken();
  bea = await ctx.userWithToken();
});
afterAll(async () => {
  await ctx?.close();
  await service?.close();
});

const subscribe = (token: string | null, body: object, ua = PHONE) => call(ctx, token, 'POST', '/web-push/devices', { payload: body, headers: { 'user-agent': ua } });
const newDevice = () => service.device(ctx.config.vapidPublicKey).subscription;

describe('a user\'s devices', () => {
  it('gives the VAPID public key the browser subscribes with: a P-256 point', async () => {
    const { status, body } = await call(ctx, ana.token, 'GET', '/web-push/key');
    expect(status).toBe(200);
    const raw = Buffer.from(body.public_key, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 4]);
    expect(body.public_key).toBe(ctx.config.vapidPublicKey);
  });

  it('turns notifications on for a device, named from its user agent, and lists only the caller\'s, newest first', async () => {
    const phone = await subscribe(ana.token, newDevice());
    expect(phone.status).toBe(201);
    expect(phone.body).toEqual({ id: expect.any(Number), device: 'Chrome · Android', alarm_closings: false, created_at: expect.any(String) });
    const laptop = await subscribe(ana.token, { ...newDevice(), alarm_closings: true }, LAPTOP);
    expect(laptop.body).toMatchObject({ device: 'Firefox · macOS', alarm_closings: true });
    await subscribe(bea.token, newDevice());

    const mine = await call(ctx, ana.token, 'GET', '/web-push/devices');
    expect(mine.body.map((d: any) => d.id)).toEqual([laptop.body.id, phone.body.id]);
    // Neither the endpoint nor the keys come back.
    expect(JSON.stringify(mine.body)).not.toMatch(/127\.0\.0\.1|p256dh|auth/);
  });

  it('subscribing the same endpoint again updates that device instead of adding one', async () => {
    const device = newDevice();
    const first = await subscribe(bea.token, device);
    const again = await subscribe(bea.token, { ...device, alarm_closings: true });
    expect(again.body).toMatchObject({ id: first.body.id, alarm_closings: true });
    expect((await call(ctx, bea.token, 'GET', '/web-push/devices')).body.filter((d: any) => d.id === first.body.id)).toHaveLength(1);
  });

  it("never lets a user remove another's device (404), and removes one's own (204)", async () => {
    const [anas] = (await call(ctx, ana.token, 'GET', '/web-push/devices')).body;
    expect((await call(ctx, bea.token, 'DELETE', `/web-push/devices/${anas.id}`)).status).toBe(404);
    expect((await call(ctx, ana.token, 'GET', '/web-push/devices')).body.map((d: any) => d.id)).toContain(anas.id);
    expect((await call(ctx, ana.token, 'DELETE', `/web-push/devices/${anas.id}`)).status).toBe(204);
    expect((await call(ctx, ana.token, 'GET', '/web-push/devices')).body.map((d: any) => d.id)).not.toContain(anas.id);
    expect((await call(ctx, ana.token, 'DELETE', `/web-push/devices/${anas.id}`)).status).toBe(404);
  });

  it('answers 401 to anyone not signed in', async () => {
    for (const [method, url] of [['GET', '/web-push/key'], ['GET', '/web-push/devices'], ['POST', '/web-push/devices'], ['DELETE', '/web-push/devices/1']] as const) {
      expect((await call(ctx, null, method, url, method === 'POST' ? { payload: newDevice() } : {})).status, url).toBe(401);
    }
  });

  it('refuses with a 400 an endpoint that is no push service (not https, or http beyond this machine) and missing keys', async () => {
    const good = newDevice();
    for (const endpoint of ['http://10.0.0.5/push/x', 'ftp://127.0.0.1/push/x', 'file:///etc/passwd', 'no url']) {
      const res = await subscribe(ana.token, { ...good, endpoint });
      expect(res.status, endpoint).toBe(400);
      expect(Object.keys(res.body), endpoint).toEqual(['endpoint']);
    }
    const res = await subscribe(ana.token, { endpoint: good.endpoint, keys: { auth: good.keys.auth } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)[0]).toMatch(/p256dh/);
    expect((await subscribe(ana.token, { ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).status).toBe(201);
  });
});
