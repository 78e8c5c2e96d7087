/**
 * What the installed app's service worker decides (src/pwa/worker.ts, src/providers/keptRoutes.ts):
 * the page a navigation opens offline, whose kept reads a request may use, which reads are kept,
 * what a pushed message shows and where tapping it leads.
 */
import { describe, expect, it, vi } from 'vitest';
import { noticeOf, openNotice, pageFor, userOf } from '../../../src/pwa/worker';
import { isKeptRead } from '../../../src/providers/keptRoutes';

const ORIGIN = 'https://portal.example';
const token = (payload: object) => `Bearer h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
const pushed = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value), text: () => String(value) });

describe('the installed app, offline', () => {
  it('opens the page the server would send at each address', () => {
    expect(pageFor('/')).toBe('/app-monitoring.html');
    expect(pageFor('/app/monitoring')).toBe('/app-monitoring.html');
    expect(pageFor('/app/alarms/3/show')).toBe('/app.html');
    expect(pageFor('/login')).toBe('/index.html');
  });

  it("answers a request only from the kept reads of the user its token speaks for", () => {
    expect(userOf(token({ sub: '42', token_type: 'access' }))).toBe('42');
    expect(userOf(token({ sub: '7' }))).not.toBe(userOf(token({ sub: '42' })));
    expect(userOf(null)).toBeNull();
    expect(userOf('Bearer not-a-token')).toBeNull();
    expect(userOf(token({ sub: '../other' }))).toBeNull();
  });

  it("keeps the monitoring page's reads, and nothing else", () => {
    for (const path of ['/api/first-view/monitoring', '/api/project-all/', '/api/power-plant-all/3', '/api/v2/last/measurement/all/data/5',
      '/api/v2/get/data/date/5', '/api/v2/measurement/5', '/api/v2/expected/performance/5', '/api/weather/5', '/api/alarm/of/plant/5']) {
      expect(isKeptRead(path), path).toBe(true);
    }
    for (const path of ['/api/my-profile', '/api/notification-all/', '/api/v2/last/measurement/all/data/5/x', '/api/auth/token']) {
      expect(isKeptRead(path), path).toBe(false);
    }
  });
});

describe('a pushed notice', () => {
  it('shows the title and text the server sent, leading to its page', () => {
    expect(noticeOf(pushed({ title: 'Alarma abierta', body: 'Planta Maipú: falla del inversor', url: '/app/alarms/3/show', tag: 'alarm-3' }), ORIGIN))
      .toEqual({ title: 'Alarma abierta', body: 'Planta Maipú: falla del inversor', url: '/app/alarms/3/show', tag: 'alarm-3' });
  });

  it('never leads off the portal, and shows a message that is not JSON as its title', () => {
    expect(noticeOf(pushed({ title: 'x', url: 'https://evil.example/app' }), ORIGIN).url).toBe('/app/monitoring');
    expect(noticeOf(pushed({ title: 'x', url: `${ORIGIN}/app/tickets/2/show` }), ORIGIN).url).toBe('/app/tickets/2/show');
    expect(noticeOf({ json: () => { throw new SyntaxError('no'); }, text: () => 'Hola' }, ORIGIN)).toMatchObject({ title: 'Hola', url: '/app/monitoring' });
    expect(noticeOf(null, ORIGIN)).toMatchObject({ title: '', url: '/app/monitoring' });
  });

  it("tapped, takes the app's open window to its page, or opens one", async () => {
    const window = { url: `${ORIGIN}/app/monitoring`, navigate: vi.fn(async function (this: unknown) { return this; }), focus: vi.fn(async function (this: unknown) { return this; }) };
    const clients = { matchAll: vi.fn(async () => [{ url: 'https://other.example/', navigate: vi.fn(), focus: vi.fn() }, window]), openWindow: vi.fn() };
    await openNotice(clients as unknown as Clients, '/app/alarms/3/show', ORIGIN);
    expect(window.navigate).toHaveBeenCalledWith(`${ORIGIN}/app/alarms/3/show`);
    expect(window.focus).toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();

    const none = { matchAll: vi.fn(async () => []), openWindow: vi.fn() };
    await openNotice(none as unknown as Clients, '/app/alarms/3/show', ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith('/app/alarms/3/show');
  });
});
