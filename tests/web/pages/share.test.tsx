/**
 * /share/:token as its visitor sees it, in the real app shell with fetch mocked: the plant's
 * figures with no session, read again each minute, in Spanish and in Arabic (right to left); the
 * pages of an expired, revoked and unknown link.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../src/App';
import { SHARE_REFRESH_MS } from '../../../src/pages/public/SharePage';
import { calls, mockFetch, type Call, type Reply } from '../../../testing/fetch-mock';

const TOKEN = 'q3Zx-1v_abcdefghijklmnopqrstuvwxyzABCDEFGHI';
const FEATURES = { name: 'Solar Chile', time_zone: 'America/Santiago', sign_in: { password: true, google: false }, weather: false, mail: false };
const PLANT = {
  name: 'Escuela Los Aromos', commune: 'Maipú', capacity_kwp: 6, timestamp: '2026-03-10T12:05:00-03:00', online: true,
  power_w: 4250, energy_today_wh: 12_500, energy_month_wh: 310_000, co2_avoided_kg: { today: 5, total: 1240 },
  period: { time_zone: 'America/Santiago', today: '2026-03-10', month: '2026-03' }, expires_at: '2026-04-09T15:00:00.000Z',
};
const CURVE = [{ ts: '2026-03-10T00:00:00-03:00', power_w: null }, { ts: '2026-03-10T00:05:00-03:00', power_w: 0 }];

function serve(plant: (call: Call) => Reply) {
  mockFetch((call) => {
    if (call.url.pathname === '/api/features') return { body: FEATURES };
    if (call.url.pathname === `/api/share/${TOKEN}`) return plant(call);
    if (call.url.pathname === `/api/share/${TOKEN}/curve`) return { body: CURVE };
    return { status: 500, body: { detail: 'unexpected call' } };
  });
}

const renderAt = (locale = 'es') => render(
  <MemoryRouter initialEntries={[`/share/${TOKEN}`]}>
    <AppShell store={memoryStore({ locale })} />
  </MemoryRouter>,
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shared page', () => {
  it("shows the plant's live figures without signing in, and reads them again each minute", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let power = 4250;
    serve(() => ({ body: { ...PLANT, power_w: power } }));
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Escuela Los Aromos' })).toBeInTheDocument();
    expect(screen.getByText('Maipú')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Potencia ahora' })).toHaveTextContent('4,25 kW');
    expect(screen.getByRole('region', { name: 'Energía de hoy' })).toHaveTextContent('12,5 kWh');
    expect(screen.getByRole('region', { name: 'Energía del mes' })).toHaveTextContent('310 kWh');
    expect(screen.getByRole('region', { name: 'CO₂ evitado' })).toHaveTextContent('1,24 t');
    expect(screen.getByRole('region', { name: 'Producción de hoy' })).toBeInTheDocument();
    expect(screen.getByText('Compartido por Solar Chile')).toBeInTheDocument();
    const shareCalls = calls.filter((c) => c.url.pathname.startsWith('/api/share/'));
    expect(shareCalls.map((c) => c.url.pathname)).toEqual([`/api/share/${TOKEN}`, `/api/share/${TOKEN}/curve`]);
    expect(shareCalls.every((c) => !('Authorization' in c.headers) && !('authorization' in c.headers))).toBe(true);
    expect(calls.every((c) => c.url.pathname === '/api/features' || c.url.pathname.startsWith('/api/share/'))).toBe(true);

    power = 5100;
    await act(async () => { await vi.advanceTimersByTimeAsync(SHARE_REFRESH_MS); });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Potencia ahora' })).toHaveTextContent('5,1 kW'));
  });

  it('lays out right to left in Arabic, in Arabic', async () => {
    serve(() => ({ body: PLANT }));
    renderAt('ar');
    expect(await screen.findByRole('region', { name: 'القدرة الآن' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('تمت المشاركة بواسطة Solar Chile')).toBeInTheDocument();
  });

  it.each([
    [410, 'expired', 'Este enlace expiró', 'Pide un enlace nuevo a quien te lo compartió.'],
    [410, 'revoked', 'Este enlace fue revocado', 'Quien lo compartió ya no lo ofrece. Pídele uno nuevo si lo necesitas.'],
    [404, 'unknown', 'Este enlace no existe', 'Revisa que la dirección esté completa.'],
  ])('says a link answered %i %s is of no use, and why', async (status, code, title, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => ({ status, body: { detail: 'x', code } }));
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('region', { name: 'Potencia ahora' })).not.toBeInTheDocument();
  });
});
