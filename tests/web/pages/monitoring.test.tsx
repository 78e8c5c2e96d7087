/**
 * The monitoring page as a user sees it: the snapshot's figures formatted for the language, each
 * with its period, the savings split, the battery only when the plant has one, the project's
 * totals, the call behind each chart interval on the plant's local day, the day axis 00:00-24:00,
 * the expected production laid over, the production forecast, the CSV of a chart in the language's
 * separators, and the weather and error states. fetch is mocked; the map (Leaflet) is replaced in jsdom.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { memoryStore } from 'react-admin';
import { MonitoringPage } from '../../../src/pages/monitoring/MonitoringPage';
import { SHOWN_PLANT, SHOWN_PROJECT } from '../../../src/pages/monitoring/choices';
// A lazy chunk in the app; loaded up front here so the waits below time the page, not the module's first transform.
import { axisMax } from '../../../src/pages/monitoring/ChartPanel';
import type { ExpectedWarning, Snapshot } from '../../../src/providers/monitoring';
import { chartTable, tableCsv } from '../../../src/pages/monitoring/chartData';
import { buildCsv, csvDialect } from '../../../src/pages/monitoring/csv';
import { makeFormatters } from '../../../src/i18n/format';
import { intlLocale, localeInfo } from '../../../src/i18n/locales';
import english from '../../../src/i18n/en';
import { flatten } from '../../../src/i18n/merge';
import { adminI18n, fakeDataProvider, i18nIn, renderAdmin } from '../../../testing/web';
import type { AppI18nProvider } from '../../../src/providers/i18nProvider';
import { showFirstView } from '../../../src/firstView/page';
import { QueryClient } from '@tanstack/react-query';

/** How often the forecast card is drawn: a minute's refresh of the live figures should leave it alone. */
const forecastDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/pages/monitoring/ProductionForecastCard', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/pages/monitoring/ProductionForecastCard')>();
  const Counted: typeof real.ProductionForecastCard = (props) => {
    forecastDraws.count += 1;
    return <real.ProductionForecastCard {...props} />;
  };
  return { ...real, ProductionForecastCard: Counted };
});

vi.mock('../../../src/pages/monitoring/PlantsMap', () => ({
  default: ({ plants }: { plants: { name: string }[] }) => <div data-testid="plants-map">{plants.map((p) => p.name).join(',')}</div>,
}));

const snapshot = (over: Partial<Snapshot> = {}): Snapshot => ({
  plant: 7, timestamp: '2026-03-10T15:30:00Z', online: true,
  power_w: 3250, solar_w: 3250, energy_today_wh: 18_400, energy_month_wh: 402_000, energy_year_wh: 950_000, energy_total_wh: 12_345_678,
  consumption_w: 1800, grid_import_w: 0, grid_export_w: 950, battery_power_w: 500, battery_soc: 80,
  consumption_today_wh: 12_000, import_today_wh: 2_000, export_today_wh: 6_000,
  self_consumption_pct: 67.4, autarky_pct: 83.3,
  co2_avoided_kg: { today: 7.5, total: 4_321, factor_kg_per_kwh: 0.35 },
  savings: {
    currency: 'CLP', today: 1_910, total: 1_234_567, tariff_per_kwh: 125, injection_price_per_kwh: 60, metered: true,
    periods: {
      today: { self_consumed_wh: 12_400, exported_wh: 6_000, self_consumption: 1_550, export_income: 360, total: 1_910 },
      month: { self_consumed_wh: 40_000, exported_wh: 28_000, self_consumption: 5_000, export_income: 1_700, total: 6_700 },
      year: { self_consumed_wh: 600_000, exported_wh: 350_000, self_consumption: 75_000, export_income: 21_000, total: 96_000 },
      lifetime: { self_consumed_wh: 8_000_000, exported_wh: 4_345_678, self_consumption: 1_000_000, export_income: 234_567, total: 1_234_567 },
    },
  },
  period: { time_zone: 'America/Santiago', today: '2026-03-10', month: '2026-03', year: '2026' },
  capacity_kwp: 10,
  specific_yield_kwh_per_kwp: { today: 1.84, month: 40.2, year: 95, total: 1234.57 },
  month_vs_last_year: { month: '2026-03', energy_wh: 402_000, last_year_month: '2025-03', last_year_to_date_wh: 380_000, last_year_month_wh: 520_000, change_pct: 5.79 },
  inverters: [],
  status: 'online', fault_alarm: null,
  ...over,
});

/** What the server has configured (GET /features): weather on unless a test says otherwise. */
const FEATURES = { name: 'Solar Chile', time_zone: 'America/Santiago', sign_in: { password: true, google: false }, weather: true, mail: true };
let features = FEATURES;

type Handler = (path: string, query: URLSearchParams) => { status?: number; body: unknown } | undefined;
let calls: string[] = [];

const model = (warnings: ExpectedWarning[] = []) => ({ dc_wp: 10_000, ac_limit_w: 8_000, warnings });
const ratio = (actual: number, expected: number) => ({ actual_wh: actual, expected_wh: expected, ratio: actual / expected });
const performance = { plant: 7, timestamp: '2026-03-10T15:30:00Z', today: ratio(18_400, 20_000), month: ratio(402_000, 400_000), year: ratio(950_000, 1_000_000), model: model() };
const productionForecast = {
  plant: 7, sky: 'climatology', weather_problem: 'weather_not_configured', hours: [], model: model([{ code: 'no_inverter_power' }]),
  days: [
    { date: '2026-03-10', energy_wh: 41_200, sky: 'climatology' },
    { date: '2026-03-11', energy_wh: 40_800, sky: 'climatology' },
    { date: '2026-03-12', energy_wh: 39_500, sky: 'climatology' },
  ],
};
const projectSnapshot = {
  project: 1, plants: [7, 8], period: snapshot().period, capacity_kwp: 15,
  energy_today_wh: 27_600, energy_month_wh: 603_000, energy_year_wh: 1_425_000, energy_total_wh: 18_500_000,
  consumption_today_wh: 20_000, import_today_wh: 3_000, export_today_wh: 9_000, self_consumption_pct: 67.4, autarky_pct: 85,
  specific_yield_kwh_per_kwp: { today: 1.84, month: 40.2, year: 95, total: 1233.33 },
  month_vs_last_year: { month: '2026-03', energy_wh: 603_000, last_year_month: '2025-03', last_year_to_date_wh: null, last_year_month_wh: null, change_pct: null },
  co2_avoided_kg: { today: 11.2, total: 6_475, factor_kg_per_kwh: 0.35 },
  savings: {
    currency: 'CLP', today: 2_900, total: 1_850_000, metered: true,
    periods: {
      today: { self_consumed_wh: 18_600, exported_wh: 9_000, self_consumption: 2_325, export_income: 575, total: 2_900 },
      month: { self_consumed_wh: 60_000, exported_wh: 42_000, self_consumption: 7_500, export_income: 2_550, total: 10_050 },
      year: { self_consumed_wh: 900_000, exported_wh: 525_000, self_consumption: 112_500, export_income: 31_500, total: 144_000 },
      lifetime: { self_consumed_wh: 12_000_000, exported_wh: 6_500_000, self_consumption: 1_500_000, export_income: 350_000, total: 1_850_000 },
    },
  },
};

/** `headers`: what every answer also carries (the service worker's mark on a kept one). */
function mockApi(handler: Handler = () => undefined, headers: () => Record<string, string> = () => ({})) {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const path = url.pathname.replace(/^\/api/, '');
    const answer = handler(path, url.searchParams) ?? (
      path === '/features' ? { body: features }
        : path.startsWith('/v2/last/measurement/project/') ? { body: projectSnapshot }
        : path.startsWith('/v2/last/') ? { body: snapshot() }
          : path.startsWith('/v2/expected/performance/') ? { body: performance }
            : path.startsWith('/v2/expected/forecast/') ? { body: productionForecast }
              : path.startsWith('/v2/expected/') ? { status: 404, body: { detail: 'No encontrado.' } }
                : path.startsWith('/weather/') ? { status: 503, body: { detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' } }
                  : /^\/power-plant\/\d+\/bills$/.test(path) ? { body: { plant: 7, year: url.searchParams.get('year'), priced_by: 'distributor', months: [], savings: 0 } }
                  : /^\/power-plant\/\d+\/remanente$/.test(path) ? { body: { plant: 7, months: [] } }
                  : path.startsWith('/v2/get/data/date/') ? { body: { plant: 7, type: url.searchParams.get('type'), date: url.searchParams.get('date'), unit: 'Wh', series: [], totals: {} } }
                    : { body: [] });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json', ...headers() } });
  }));
}

const tables = () => ({
  projects: [{ id: 1, name: 'Proyecto Demo' }],
  'power-plants': [
    { id: 7, name: 'Planta Norte', project: 1, latitude: -33.4, longitude: -70.6, capacity_kwp: 10, tariff: 125 },
    { id: 8, name: 'Planta Sur', project: 1, latitude: null, longitude: null, capacity_kwp: 5, tariff: 125 },
  ],
});

const renderPage = (data = tables(), staff = false, i18n?: AppI18nProvider, store = memoryStore()) => renderAdmin('/monitoring', {
  dataProvider: fakeDataProvider(data), staff, routes: <Route path="/monitoring" element={<MonitoringPage />} />, i18n, store,
});

/** jsdom lays nothing out: the charts' surfaces are given the size a browser would. */
function sizeCharts() {
  const style = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const real = style(element, pseudo);
    if (!(element instanceof SVGSVGElement)) return real;
    return new Proxy(real, {
      get: (target, key) => (key === 'width' ? '800px' : key === 'height' ? '340px'
        : typeof Reflect.get(target, key) === 'function' ? Reflect.get(target, key).bind(target) : Reflect.get(target, key)),
    });
  });
}

/** Every 5-minute slot of the plant's local day (03:00Z is midnight in Santiago in March), readings until 12:30. */
const midnight = Date.parse('2026-03-10T03:00:00Z');
const slot = (i: number) => new Date(midnight + i * 300_000).toISOString().replace('.000Z', 'Z');
const curve = Array.from({ length: 288 }, (_, i) => ({
  ts: slot(i), ...(i < 150
    ? { power_w: 2000, consumption_w: 1500, battery_power_w: 100, battery_soc: 50, grid_import_w: 0, grid_export_w: 400 }
    : { power_w: null, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null }),
}));
/** The day's curve and its expectation (a plant without panels described). */
const dayHandler: Handler = (path, query) => {
  if (path === '/v2/measurement/7') return { body: curve };
  if (path === '/v2/expected/7' && query.get('type') === 'day') {
    return { body: {
      plant: 7, type: 'day', date: '2026-03-10', unit: 'Wh', series: [], total_wh: 40_000,
      curve: curve.map((p) => ({ ts: p.ts, power_w: 2500 })), model: model([{ code: 'no_panels' }]),
    } };
  }
  return undefined;
};

/**
 * The browser's IntersectionObserver (jsdom has none, and then the page draws the map at once): the
 * returned function tells the map's area it nears the screen.
 */
function stubViewport() {
  const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
  vi.stubGlobal('IntersectionObserver', class {
    entry: (typeof observed)[number];
    constructor(callback: IntersectionObserverCallback) { this.entry = { callback }; observed.push(this.entry); }
    observe(target: Element) { this.entry.target = target; }
    disconnect() {}
  });
  // The user scrolls down the page: every part below the fold comes near.
  return () => {
    for (const area of observed.filter((o) => o.target)) {
      act(() => area.callback([{ isIntersecting: true, target: area.target } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    }
  };
}

const card = (name: string) => screen.getByRole('region', { name });
const es = makeFormatters('es');
/** Intl writes no-break spaces; Testing Library compares text with plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  if (!('ResizeObserver' in window)) {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  }
});
afterEach(() => {
  features = FEATURES;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('monitoring page', () => {
  it('offline, shows the figures the installed app kept, saying when they were last updated, until the network answers again', async () => {
    const keptAt = '2026-03-10T15:31:00.000Z';
    let offline = true;
    // The service worker's answers from its cache carry when it kept them (src/pwa/sw.ts).
    mockApi(undefined, (): Record<string, string> => (offline ? { 'x-kept-at': keptAt } : {}));
    renderPage();
    await waitFor(() => expect(within(card('Potencia actual')).getByText('3,25 kW')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText(plain(`Sin conexión: estas cifras son las que viste por última vez. Última actualización: ${es.dateTime(keptAt)}`))).toBeInTheDocument();
    offline = false;
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.queryByText(/Última actualización/)).not.toBeInTheDocument());
  });

  it('shows the snapshot figures formatted for Spanish, each with its period, with the battery', async () => {
    mockApi();
    const store = memoryStore();
    renderPage(undefined, false, undefined, store);
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    const text = (name: string) => plain(card(name).textContent ?? '');
    expect(within(card('Potencia actual')).getByText('3,25 kW')).toBeInTheDocument();
    expect(within(card('Potencia actual')).getByText('Ahora')).toBeInTheDocument();
    // Every energy card says its period, in the plant's local calendar.
    expect(within(card('Energía hoy')).getByText('18,4 kWh')).toBeInTheDocument();
    expect(within(card('Energía hoy')).getByText(plain(`Hoy, ${es.day('2026-03-10')}`))).toBeInTheDocument();
    expect(within(card('Energía del mes')).getByText('Este mes: marzo de 2026')).toBeInTheDocument();
    expect(within(card('Energía del año')).getByText('Este año: 2026')).toBeInTheDocument();
    expect(within(card('Energía total')).getByText('Desde la puesta en marcha')).toBeInTheDocument();
    expect(within(card('Energía total')).getByText(plain(es.energy(12_345_678)))).toBeInTheDocument();
    expect(es.energy(12_345_678)).toBe('12,35 MWh');
    // Specific yield, this month against last year's same days.
    expect(text('Energía hoy')).toContain('Rendimiento específico: 1,84 kWh/kWp');
    expect(text('Energía del mes')).toContain('Rendimiento específico: 40,2 kWh/kWp');
    expect(text('Energía total')).toContain('Rendimiento específico: 1.234,57 kWh/kWp');
    expect(text('Energía del mes')).toContain('+5,8% frente a marzo de 2025 a la misma fecha (380 kWh)');
    expect(within(card('Consumo actual')).getByText('1,8 kW')).toBeInTheDocument();
    expect(within(card('Autoconsumo')).getByText(plain(es.percent(67.4)))).toBeInTheDocument();
    expect(text('Autoconsumo')).toContain('Hoy,');
    expect(within(card('CO₂ evitado')).getByText('4,32 t')).toBeInTheDocument();
    expect(within(card('CO₂ evitado')).getByText('Hoy: 7,5 kg')).toBeInTheDocument();
    expect(within(card('Batería')).getByText(plain(es.percent(80)))).toBeInTheDocument();
    expect(within(card('Batería')).getByText('Cargando 0,5 kW')).toBeInTheDocument();
    expect(screen.getByText('En línea')).toBeInTheDocument();
    expect(screen.getByText(plain(`Última lectura: ${es.dateTime('2026-03-10T15:30:00Z')}`))).toBeInTheDocument();
    // The first project and its first plant are chosen, and remembered as shown (the next visit reads it at once);
    // the map gets the plants with coordinates.
    expect(calls).toContain('/api/v2/last/measurement/all/data/7');
    expect(store.getItem(SHOWN_PLANT)).toBe(7);
    expect(store.getItem(SHOWN_PROJECT)).toBe(1);
    expect(screen.getByTestId('plants-map')).toHaveTextContent('Planta Norte');
    expect(screen.getByTestId('plants-map')).not.toHaveTextContent('Planta Sur');
  });

  it('draws the map, below the fold, only once the user scrolls near it', async () => {
    const scrollNearMap = stubViewport();
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    await screen.findByText('Mapa de centrales');
    expect(screen.queryByTestId('plants-map')).toBeNull();
    scrollNearMap();
    expect(await screen.findByTestId('plants-map')).toHaveTextContent('Planta Norte');
  });

  it("reads the plant's bill, below the fold, only once the user scrolls near it (issue 38)", async () => {
    const scrollDown = stubViewport();
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    await screen.findByText('Tu cuenta de la luz');
    expect(calls.filter((c) => c.includes('/bills') || c.includes('/remanente'))).toEqual([]);
    scrollDown();
    await waitFor(() => expect(calls).toContain('/api/power-plant/7/bills?year=2026'));
    expect(calls).toContain('/api/power-plant/7/remanente');
  });

  it("splits the savings into the self-consumption and the injection credit, with the energies and the month's prices apart, in Chilean pesos", async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Ahorro del mes')).toBeInTheDocument());
    const text = (name: string) => plain(card(name).textContent ?? '');
    expect(text('Ahorro del mes')).toContain('Este mes: marzo de 2026');
    expect(text('Ahorro del mes')).toContain('$ 6.700');
    expect(text('Ahorro del mes')).toContain('Autoconsumo: $ 5.000');
    expect(text('Ahorro del mes')).toContain('40 kWh autoconsumidos');
    expect(text('Ahorro del mes')).toContain('Inyección: $ 1.700');
    expect(text('Ahorro del mes')).toContain('28 kWh inyectados');
    expect(text('Ahorro del mes')).toContain('Precios de este mes: $ 125/kWh el kWh comprado, $ 60/kWh el kWh inyectado');
    // A product of energy and price would not add up once the credit exceeds the bill: none is shown.
    expect(text('Ahorro del mes')).not.toContain('×');
    expect(text('Ahorro hoy')).toContain('$ 1.910');
    expect(text('Ahorro total')).toContain('Desde la puesta en marcha');
    expect(text('Ahorro total')).toContain('$ 1.234.567');
    expect(text('Ahorro total')).toContain('Autoconsumo: $ 1.000.000');
    expect(text('Ahorro total')).toContain('Inyección: $ 234.567');
  });

  it("shows each inverter's status: a Symo asleep at night is 'Noche / en espera', never 'starting'", async () => {
    const night = snapshot({
      power_w: 0,
      inverters: [
        { id: 1, name: 'Symo 1', timestamp: '2026-03-10T23:30:00-03:00', online: true, power_w: 0, status: 'night' },
        { id: 2, name: 'Symo 2', timestamp: '2026-03-10T23:30:00-03:00', online: true, power_w: 0, status: 'standby' },
      ],
    });
    mockApi((path) => (path === '/v2/last/measurement/all/data/7' ? { body: night } : undefined));
    renderPage();
    expect(await screen.findByText('Symo 1: Noche / en espera')).toBeTruthy();
    expect(screen.getByText('Symo 2: Noche / en espera')).toBeTruthy();
    expect(screen.queryByText(/Iniciando/)).toBeNull();
  });

  it('shows the performance against the expected production on the energy cards', async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(plain(card('Energía hoy').textContent ?? '')).toContain('92% de lo esperado (20 kWh)'));
    expect(plain(card('Energía del mes').textContent ?? '')).toContain('100,5% de lo esperado (400 kWh)');
    expect(plain(card('Energía del año').textContent ?? '')).toContain('95% de lo esperado (1 MWh)');
    expect(calls).toContain('/api/v2/expected/performance/7');
  });

  it("shows the project's totals across its plants when the whole project is chosen", async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Central eléctrica' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Todo el proyecto' }));
    await waitFor(() => expect(card('Energía hoy')).toHaveTextContent('27,6 kWh'));
    expect(calls).toContain('/api/v2/last/measurement/project/1');
    // No live power for a project: its figures are the totals of periods.
    expect(screen.queryByRole('region', { name: 'Potencia actual' })).not.toBeInTheDocument();
    expect(within(card('Energía total')).getByText('18,5 MWh')).toBeInTheDocument();
    const month = plain(card('Ahorro del mes').textContent ?? '');
    expect(month).toContain('$ 10.050');
    expect(month).toContain('Autoconsumo: $ 7.500');
    expect(month).toContain('60 kWh');
    expect(month).not.toContain('/kWh');
    expect(plain(card('Energía del mes').textContent ?? '')).toContain('Sin datos de marzo de 2025 para comparar');
  });

  it.each([
    ['null', { battery_power_w: null, battery_soc: null }],
    ['0 W and no charge level', { battery_power_w: 0, battery_soc: null }],
  ])('hides the battery when the plant has none (%s)', async (_name, battery) => {
    mockApi((path) => (path.startsWith('/v2/last/') ? { body: snapshot(battery) } : undefined));
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Batería' })).not.toBeInTheDocument();
    expect(screen.queryByText('Batería')).not.toBeInTheDocument();
  });

  it('reads the snapshot again when the tab regains focus', async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    const reads = () => calls.filter((c) => c === '/api/v2/last/measurement/all/data/7').length;
    const before = reads();
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('reads the snapshot once a minute and shows the new figures, redrawing them and not the rest of the page', async () => {
    // Only the intervals are the test's to run: the page's reads and Testing Library's waits keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const scrollNearMap = stubViewport();
      let reading = snapshot();
      mockApi((path) => (path === '/v2/last/measurement/all/data/7' ? { body: reading } : undefined));
      renderPage();
      await waitFor(() => expect(plain(card('Potencia actual').textContent!)).toContain(plain(es.power(3250))));
      await screen.findByText('Producción esperada a 3 días');
      const reads = () => calls.filter((c) => c === '/api/v2/last/measurement/all/data/7').length;
      const [readsBefore, drawsBefore] = [reads(), forecastDraws.count];
      // Half a minute later the user scrolls to the map, which shows the plant's state from the same read.
      act(() => { vi.advanceTimersByTime(30_000); });
      scrollNearMap();
      await screen.findByTestId('plants-map');
      reading = snapshot({ timestamp: '2026-03-10T15:31:00Z', power_w: 4100, solar_w: 4100, grid_export_w: 1800 });
      act(() => { vi.advanceTimersByTime(30_000); });
      await waitFor(() => expect(plain(card('Potencia actual').textContent!)).toContain(plain(es.power(4100))));
      act(() => { vi.advanceTimersByTime(30_000); });
      // A minute and a half: one read, for every part of the page that shows the snapshot.
      await new Promise((resolve) => { setTimeout(resolve, 50); });
      expect(reads()).toBe(readsBefore + 1);
      expect(forecastDraws.count).toBe(drawsBefore);
    } finally {
      vi.useRealTimers();
    }
  });

  // Issue 33: the picker wrote dayjs's '10/03/2026' beside the lists' '10-03-2026' (the field pads
  // day and month: '03/10/2026' beside '3/10/2026' in English).
  it.each([['es', '10-03-2026'], ['en', '03/10/2026'], ['zh', '2026/03/10']])("the chart's date picker writes the date in the lists' order and separators (%s)", async (locale, shown) => {
    mockApi();
    renderPage(tables(), false, await i18nIn(locale));
    await waitFor(() => expect([...document.querySelectorAll('input')].map((i) => i.value)).toContain(shown), { timeout: 5000 });
    const listed = new Date(2026, 2, 10).toLocaleDateString(intlLocale(localeInfo(locale).lang));
    expect(listed.replace(/\b(\d)\b/g, '0$1')).toBe(shown);
  });

  it("calls the endpoint of each chart interval, from the plant's local day", async () => {
    mockApi();
    renderPage();
    // The snapshot names the plant's day (settings.time_zone): the chart opens on it, whatever the browser's date.
    const today = dayjs('2026-03-10');
    await waitFor(() => expect(calls).toContain('/api/v2/measurement/7?day=10&month=3&year=2026'));
    expect(calls).toContain('/api/v2/expected/7?type=day&date=2026-03-10');
    fireEvent.click(screen.getByRole('button', { name: 'Mes' }));
    await waitFor(() => expect(calls).toContain(`/api/v2/get/data/date/7?type=month&date=${today.format('YYYY-MM-DD')}`));
    expect(calls).toContain('/api/v2/expected/7?type=month&date=2026-03-10');
    fireEvent.click(screen.getByRole('button', { name: 'Año' }));
    await waitFor(() => expect(calls).toContain(`/api/v2/get/data/date/7?type=year&date=${today.format('YYYY-MM-DD')}`));
    fireEvent.click(screen.getByRole('button', { name: 'Anual' }));
    await waitFor(() => expect(calls).toContain(`/api/v2/get/data/date/7?type=annual&date=${today.format('YYYY-MM-DD')}`));
    fireEvent.click(screen.getByRole('button', { name: 'Mes a la fecha' }));
    await waitFor(() => expect(calls).toContain(`/api/v2/get/data/date/7?type=day-month&date=${today.format('YYYY-MM-DD')}`));
    fireEvent.click(screen.getByRole('button', { name: 'Rango' }));
    await waitFor(() => expect(calls).toContain(
      `/api/v2/measurement/range/7?date_start=${today.subtract(6, 'day').format('YYYY-MM-DD')}&date_end=${today.format('YYYY-MM-DD')}`,
    ));
    // No data in the period: said plainly, and nothing to download.
    await waitFor(() => expect(screen.getByText('No hay datos para este período.')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
  });

  it("takes a day typed digit by digit in the chart's date field, in the language's order (issue 33)", async () => {
    mockApi();
    renderPage();
    // The chart opens on the plant's day once the snapshot names it.
    const sections = () => within(screen.getByRole('group', { name: 'Fecha' })).getAllByRole('spinbutton');
    await waitFor(() => expect(sections().map((s) => s.textContent)).toEqual(['10', '03', '2026']), { timeout: 10_000 });
    await waitFor(() => expect(calls).toContain('/api/v2/measurement/7?day=10&month=3&year=2026'));
    const before = calls.filter((c) => c.startsWith('/api/v2/measurement/7?')).length;
    // Spanish: day, month, year.
    expect(sections().map((s) => s.getAttribute('aria-label'))).toEqual(['Dia', 'Mes', 'Año']);
    await userEvent.click(sections()[0]);
    // 15/03 is after the plant's day (10/03): on the way to 15/02 the field keeps the 5, not the chart's last day.
    await userEvent.keyboard('15022026');
    expect(sections().map((s) => s.textContent)).toEqual(['15', '02', '2026']);
    await waitFor(() => expect(calls).toContain('/api/v2/measurement/7?day=15&month=2&year=2026'));
    // The last day asked for is the one typed.
    expect(calls.filter((c) => c.startsWith('/api/v2/measurement/7?')).slice(before).at(-1)).toBe('/api/v2/measurement/7?day=15&month=2&year=2026');
    expect(screen.queryByText('Escribe la fecha completa (DD/MM/AAAA).')).not.toBeInTheDocument();
  });

  it("says how to type the chart's date while it is not whole, and keeps the chart on the last whole one", async () => {
    mockApi();
    renderPage();
    const sections = () => within(screen.getByRole('group', { name: 'Fecha' })).getAllByRole('spinbutton');
    await waitFor(() => expect(sections().map((s) => s.textContent)).toEqual(['10', '03', '2026']), { timeout: 10_000 });
    await userEvent.click(sections()[2]);
    await userEvent.keyboard('{Backspace}');
    expect(await screen.findByText('Escribe la fecha completa (DD/MM/AAAA).')).toBeInTheDocument();
    expect(sections().map((s) => s.textContent)).toEqual(['10', '03', 'AAAA']);
    await userEvent.keyboard('2025');
    await waitFor(() => expect(calls).toContain('/api/v2/measurement/7?day=10&month=3&year=2025'));
    expect(screen.queryByText('Escribe la fecha completa (DD/MM/AAAA).')).not.toBeInTheDocument();
  });

  it('draws the day from 00:00 to 24:00 with production split, grid, consumption, charge level and the expected overlay', async () => {
    mockApi(dayHandler);
    sizeCharts();
    renderPage();
    await waitFor(() => {
      for (const label of ['Autoconsumo (kW)', 'Inyección a la red (kW)', 'Compra a la red (kW)', 'Consumo (kW)', 'Estado de carga de la batería (%)', 'Producción esperada (kW)']) {
        expect(screen.getByText(label)).toBeInTheDocument();
      }
      // The axis spans the whole local day, whatever the readings cover.
      expect(screen.getByText('00:00')).toBeInTheDocument();
      expect(screen.getByText('24:00')).toBeInTheDocument();
    }, { timeout: 10_000 });
    expect(calls).toContain('/api/v2/measurement/7?day=10&month=3&year=2026');
    // The expectation is drawn, as a line over the measured curve.
    await waitFor(() => expect(document.querySelector('path[data-series="expected"]')).not.toBeNull());
    // The model's warning, said discreetly under the chart.
    const history = screen.getByRole('heading', { name: 'Historial' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(history).getByRole('note')).toHaveTextContent('Estimación aproximada: sin paneles descritos, se usa la potencia instalada.');
  });

  it('just after midnight, with no reading yet today, says so and still draws the day it expects', async () => {
    const empty = curve.map((p) => ({ ...p, power_w: null, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null }));
    mockApi((path, query) => (path === '/v2/measurement/7' ? { body: empty } : dayHandler(path, query)));
    sizeCharts();
    renderPage();
    await waitFor(() => expect(screen.getByText('No hay datos para este período.')).toBeInTheDocument(), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('path[data-series="expected"]')).not.toBeNull());
    expect(screen.getByText('00:00')).toBeInTheDocument();
    expect(screen.queryByText('Autoconsumo (kW)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
  });

  it("downloads a finished month's report as a PDF, the month chosen among the finished ones", async () => {
    mockApi((path) => (path.startsWith('/report/') ? { body: {} } : undefined));
    // jsdom has no object URLs: the download's link gets a stand-in.
    const created = vi.fn((_blob: Blob) => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined });
    renderPage();
    const report = await screen.findByRole('region', { name: 'Informe mensual' });
    // The month under way (the snapshot's) is not offered: the newest is the one before.
    const [year, month] = snapshot().period.today.split('-').map(Number);
    const previous = dayjs(Date.UTC(year, month - 2, 15)).format('YYYY-MM');
    const earlier = dayjs(Date.UTC(year, month - 3, 15)).format('YYYY-MM');
    await waitFor(() => expect(within(report).getByRole('combobox')).toHaveTextContent(plain(es.month(previous))));
    fireEvent.mouseDown(within(report).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: es.month(earlier) }));
    fireEvent.click(within(report).getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls).toContain(`/api/report/plant/7/${earlier}.pdf`);
  });

  it('draws the month as bars split into self-consumed and exported, with grid purchase, consumption and the expected line', async () => {
    const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;
    const nulls = { charge_wh: null, discharge_wh: null, max_power_w: null };
    mockApi((path, query) => {
      if (path === '/v2/get/data/date/7' && query.get('type') === 'month') {
        return { body: {
          plant: 7, type: 'month', date: '2026-03-10', unit: 'Wh', totals: {},
          series: [1, 2, 3].map((d) => ({
            bucket: day(d), start: `${day(d)}T03:00:00Z`, energy_wh: 40_000, export_wh: 15_000, import_wh: 3_000,
            consumption_wh: 28_000, self_consumption_wh: 25_000, ...nulls,
          })),
        } };
      }
      if (path === '/v2/expected/7' && query.get('type') === 'month') {
        return { body: {
          plant: 7, type: 'month', date: '2026-03-10', unit: 'Wh', total_wh: 126_000, curve: [], model: model(),
          series: [1, 2, 3].map((d) => ({ bucket: day(d), start: `${day(d)}T03:00:00Z`, energy_wh: 42_000, sky: 'climatology' })),
        } };
      }
      return undefined;
    });
    sizeCharts();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Mes' }));
    await waitFor(() => {
      for (const label of ['Autoconsumo (kWh)', 'Inyección a la red (kWh)', 'Compra a la red (kWh)', 'Consumo (kWh)', 'Producción esperada (kWh)']) {
        expect(screen.getByText(label)).toBeInTheDocument();
      }
    }, { timeout: 10_000 });
    // Each day's bar is self-consumed and exported stacked: one bar per series and day.
    await waitFor(() => expect(document.querySelectorAll('.MuiBarElement-root').length).toBe(3 * 4));
    // The days named in Spanish; the expectation drawn as a line over the bars.
    expect(screen.getByText(es.day('2026-03-02'))).toBeInTheDocument();
    expect(document.querySelector('path[data-series="expected"]')).not.toBeNull();
  });

  it('renders in Arabic: the figures in Arabic, their Latin units whole, the chart left to right with its labels beside its axes', async () => {
    mockApi(dayHandler);
    sizeCharts();
    renderPage(tables(), false, await i18nIn('ar'));
    const ar = makeFormatters('ar', true);
    await waitFor(() => expect(card('طاقة اليوم')).toBeInTheDocument());
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(card('طاقة اليوم')).getByText(ar.energy(18_400))).toBeInTheDocument();
    expect(card('طاقة الشهر')).toHaveTextContent(`هذا الشهر: ${ar.month('2026-03')}`);
    expect(card('توفير الشهر')).toHaveTextContent(plain(ar.money(6_700, 'CLP')));
    await waitFor(() => expect(screen.getByText('الإنتاج المتوقع (kW)')).toBeInTheDocument(), { timeout: 10_000 });
    const history = screen.getByRole('heading', { name: 'السجل' }).closest('.MuiCard-root') as HTMLElement;
    // Time runs left to right on the axis in every language...
    expect(history.querySelector('[dir="ltr"] svg')).not.toBeNull();
    expect(within(history).getByText('00:00')).toBeInTheDocument();
    expect(within(history).getByText('24:00')).toBeInTheDocument();
    // ...and the power axis' numbers end at the axis, on its left, instead of running over the plot.
    const powerTicks = [...history.querySelectorAll('.MuiChartsAxis-left .MuiChartsAxis-tickLabel')];
    expect(powerTicks.length).toBeGreaterThan(0);
    for (const tick of powerTicks) expect(tick).toHaveAttribute('text-anchor', 'end');
  });

  it('shows the 3-day production forecast beside the weather', async () => {
    mockApi();
    renderPage();
    const forecast = await screen.findByRole('heading', { name: 'Producción esperada a 3 días' });
    const cardOf = forecast.closest('.MuiCard-root') as HTMLElement;
    await waitFor(() => expect(within(cardOf).getByText('41,2 kWh')).toBeInTheDocument());
    expect(within(cardOf).getByText('40,8 kWh')).toBeInTheDocument();
    expect(within(cardOf).getByText('39,5 kWh')).toBeInTheDocument();
    expect(within(cardOf).getByText('Según la nubosidad típica de la zona (sin pronóstico del tiempo).')).toBeInTheDocument();
    expect(within(cardOf).getByRole('note')).toHaveTextContent('Estimación aproximada: un inversor no tiene potencia nominal.');
  });

  it('explains to staff that the forecast is not configured', async () => {
    features = { ...FEATURES, weather: false };
    mockApi();
    renderPage(tables(), true);
    await waitFor(() => expect(screen.getByText('El pronóstico del tiempo no está configurado en este portal.')).toBeInTheDocument());
  });

  it('shows a customer no forecast card when the server has no weather configured', async () => {
    features = { ...FEATURES, weather: false };
    mockApi();
    renderPage();
    await waitFor(() => expect(screen.getByText('Flujo de energía')).toBeInTheDocument());
    await waitFor(() => expect(calls).toContain('/api/features'));
    expect(screen.queryByText('Pronóstico a 3 días')).not.toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('/api/weather/'))).toBe(false);
  });

  it('shows the three forecast days with the service icons', async () => {
    const day = { maxtemp_c: 28, mintemp_c: 12, daily_chance_of_rain: 10, condition: { text: 'Soleado', icon: 'https://cdn.example/113.png', code: 1000 } };
    mockApi((path) => (path.startsWith('/weather/') ? {
      body: {
        location: { name: 'Santiago', region: 'RM', country: 'Chile', localtime: '2026-03-10 12:00' },
        current: { temp_c: 25, condition: day.condition, humidity: 30, wind_kph: 5, is_day: true },
        forecast: [{ date: '2026-03-10', ...day }, { date: '2026-03-11', ...day }, { date: '2026-03-12', ...day }],
      },
    } : undefined));
    renderPage();
    await waitFor(() => expect(screen.getAllByAltText('Soleado')).toHaveLength(3));
    expect(screen.getAllByText('Máx. 28 °C / Mín. 12 °C')).toHaveLength(3);
    expect(screen.getAllByAltText('Soleado')[0]).toHaveAttribute('src', 'https://cdn.example/113.png');
  });

  it('shows an error card when the weather service fails', async () => {
    mockApi((path) => (path.startsWith('/weather/') ? { status: 502, body: { detail: 'x', code: 'weather_unreachable' } } : undefined));
    renderPage();
    await waitFor(() => expect(screen.getByText('El servicio del tiempo no está disponible en este momento. Inténtalo más tarde.')).toBeInTheDocument());
  });

  it('explains a failed snapshot, and a plant without data yet', async () => {
    mockApi((path) => (path.startsWith('/v2/last/') ? { status: 500, body: { detail: 'boom' } } : undefined));
    const { unmount } = renderPage();
    await waitFor(() => expect(screen.getAllByText(/No se pudieron obtener los datos en vivo de la central/).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    unmount();
    mockApi((path) => (path.startsWith('/v2/last/') ? { body: snapshot({ timestamp: null, online: false, power_w: null }) } : undefined));
    renderPage();
    await waitFor(() => expect(screen.getAllByText(/Esta central aún no tiene mediciones/).length).toBeGreaterThan(0));
  });

  it('explains a project without plants', async () => {
    mockApi();
    renderPage({ projects: [{ id: 1, name: 'Proyecto Demo' }], 'power-plants': [] });
    await waitFor(() => expect(screen.getByText('Este proyecto aún no tiene centrales eléctricas.')).toBeInTheDocument());
    // No plant, no reading: only the server's features (read once by the app's shell) were asked for.
    expect(calls.filter((c) => c !== '/api/features')).toEqual([]);
  });
});

describe("the plant's status (issue 33, item 9)", () => {
  it('shows the fault the API gives at the top of the page, with the way to its alarm', async () => {
    // Online (it reports) but with an open fault: the API says fault, and so does the page.
    mockApi((path) => (path.startsWith('/v2/last/measurement/all/') ? { body: snapshot({ status: 'fault', fault_alarm: { id: 42, kind: 'inverter_error' } }) } : undefined));
    renderPage();
    const banner = await screen.findByText('Alarma abierta: Falla del inversor');
    const link = within(banner.closest('.MuiAlert-root') as HTMLElement).getByRole('link', { name: 'Ver la alarma' });
    expect(link).toHaveAttribute('href', '/alarms/42/show');
    expect(screen.getByText('Falla')).toBeInTheDocument();
    expect(screen.queryByText('En línea')).not.toBeInTheDocument();
    // Above the figures: the first thing of the plant's part of the page.
    const firstCard = screen.getByRole('region', { name: 'Potencia actual' });
    expect(banner.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("the server's first view", () => {
  // The pages drawn by the tests before have each given up the first view (there was none).
  const fresh = () => {
    document.getElementById('root')?.remove();
    document.documentElement.removeAttribute('data-first-view-done');
  };
  beforeEach(fresh);
  afterEach(fresh);

  it("starts with the first view's answers: a fresh performance ratio is not asked for again", async () => {
    mockApi();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['monitoring', 'performance', 7], performance);
    renderAdmin('/monitoring', { dataProvider: fakeDataProvider(tables()), staff: false, routes: <Route path="/monitoring" element={<MonitoringPage />} />, queryClient });
    await waitFor(() => expect(plain(card('Energía del mes').textContent ?? '')).toContain('de lo esperado'));
    expect(calls.filter((c) => c.includes('/v2/expected/performance/'))).toEqual([]);
  });

  it('stays in front while the page still reads, and gives way once the page has drawn its figures and chart', async () => {
    sizeCharts();
    mockApi(dayHandler);
    // The day's curve comes late: the page is not drawn until it is in.
    let answerCurve!: () => void;
    const curveHeld = new Promise<void>((resolve) => { answerCurve = resolve; });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/v2/measurement/7')) await curveHeld;
      return answer(input, init);
    });
    const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    expect(showFirstView({ html: '<p>Dibujado por el servidor</p>', css: '', answers: null }, 'ltr')).toBe(true);
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    // The figures are in, the chart is not: the first view stays, the app draws unseen behind it.
    await new Promise((resolve) => { setTimeout(resolve, 200); });
    expect(document.getElementById('first-view')).toHaveTextContent('Dibujado por el servidor');
    expect(root.style.visibility).toBe('hidden');
    answerCurve();
    await waitFor(() => expect(document.getElementById('first-view')).toBeNull(), { timeout: 10_000 });
    expect(screen.getByText('24:00')).toBeInTheDocument();
    expect(root.getAttribute('style')).toBeNull();
    // A first view arriving after the page was drawn is not shown over it.
    expect(showFirstView({ html: '<p>Tarde</p>', css: '', answers: null }, 'ltr')).toBe(false);
    expect(screen.queryByText('Tarde')).toBeNull();
  });
});

describe('chart CSV', () => {
  const translate = adminI18n().translate;
  const enTranslate = (key: string, options: object = {}) =>
    String(flatten(english)[key]).replace(/%\{(\w+)\}/g, (_, name: string) => String((options as Record<string, unknown>)[name]));
  const point = (ts: string, over: Partial<Record<'power_w' | 'consumption_w' | 'battery_power_w' | 'battery_soc' | 'grid_import_w' | 'grid_export_w', number | null>>) => ({
    ts, power_w: null, consumption_w: null, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null, ...over,
  });

  it('exports exactly the plotted day series with a header row', () => {
    const table = chartTable({ kind: 'curve', rows: [point('2026-03-10T15:00:00Z', { power_w: 3250, consumption_w: 1800 }), point('2026-03-10T15:05:00Z', { consumption_w: 1750.4 })] },
      null, translate, es);
    // No meter, no battery: production is not split and the battery is neither plotted nor exported.
    expect(tableCsv(table)).toBe(`Hora (America/Santiago),Producción (kW),Consumo (kW)\r\n${es.time('2026-03-10T15:00:00Z')},3.25,1.8\r\n${es.time('2026-03-10T15:05:00Z')},,1.75\r\n`);
  });

  it("writes the day's split, the battery with its sign explained and the expectation, in the language's separators", () => {
    const rows = [
      point('2026-03-10T14:00:00Z', { power_w: 4000, grid_export_w: 1500, grid_import_w: 0, consumption_w: 2000, battery_power_w: 500, battery_soc: 64 }),
      point('2026-03-10T14:05:00Z', { power_w: 1000, grid_export_w: 0, grid_import_w: 300, consumption_w: 2100, battery_power_w: -800, battery_soc: 63.5 }),
    ];
    const expected = {
      plant: 7, type: 'day' as const, date: '2026-03-10', unit: 'Wh' as const, series: [], total_wh: 40_000, model: model(),
      curve: [{ ts: '2026-03-10T14:00:00Z', power_w: 4200 }, { ts: '2026-03-10T14:05:00Z', power_w: 4150.5 }],
    };
    const table = chartTable({ kind: 'curve', rows }, expected, translate, es);
    expect(tableCsv(table, csvDialect(intlLocale('es')))).toBe([
      'Hora (America/Santiago);Autoconsumo (kW);Inyección a la red (kW);Compra a la red (kW);Consumo (kW);Batería (kW: + carga / − descarga);Estado de carga de la batería (%);Producción esperada (kW)',
      `${es.time(rows[0].ts)};2,5;1,5;0;2;0,5;64;4,2`,
      `${es.time(rows[1].ts)};1;0;0,3;2,1;-0,8;63,5;4,151`,
      '',
    ].join('\r\n'));
    // English: comma-separated, decimal point; French as Spanish.
    const en = makeFormatters('en');
    const english = tableCsv(chartTable({ kind: 'curve', rows }, expected, enTranslate, en), csvDialect(intlLocale('en')));
    expect(english.split('\r\n')[0]).toBe('Time (America/Santiago),Self-consumed (kW),Exported to the grid (kW),Bought from the grid (kW),Consumption (kW),Battery (kW: + charging / − discharging),Battery state of charge (%),Expected production (kW)');
    expect(english.split('\r\n')[2]).toBe(`${en.time(rows[1].ts)},1,0,0.3,2.1,-0.8,63.5,4.151`);
    expect(csvDialect(intlLocale('fr'))).toEqual({ separator: ';', decimal: ',' });
  });

  it('exports the energy bars of a period, split, with the expectation of each bucket', () => {
    const totals = { charge_wh: null, discharge_wh: null, max_power_w: null };
    const table = chartTable({ kind: 'totals', rows: [
      { label: '2026-01', energy_wh: 1_200_500, consumption_wh: 800_000, import_wh: 100_000, export_wh: 500_000, self_consumption_wh: 700_500, ...totals },
      { label: '2026-02', energy_wh: 1_000_000, consumption_wh: null, import_wh: null, export_wh: null, self_consumption_wh: null, ...totals },
    ] }, {
      plant: 7, type: 'year', date: '2026-03-10', unit: 'Wh', total_wh: 2_500_000, curve: [], model: model(),
      series: [{ bucket: '2026-01', start: '2026-01-01T03:00:00Z', energy_wh: 1_250_000, sky: 'climatology' }, { bucket: '2026-02', start: '2026-02-01T03:00:00Z', energy_wh: 1_100_000, sky: 'climatology' }],
    }, translate, es);
    expect(tableCsv(table)).toBe('Período,Autoconsumo (kWh),Inyección a la red (kWh),Compra a la red (kWh),Consumo (kWh),Producción esperada (kWh)\r\n'
      + '2026-01,700.5,500,100,800,1250\r\n2026-02,1000,0,,,1100\r\n');
  });

  it('writes money as Chileans do in Spanish, and each language its own way', () => {
    expect(plain(es.money(6_700, 'CLP'))).toBe('$ 6.700');
    expect(plain(es.money(1_234_567, 'CLP'))).toBe('$ 1.234.567');
    expect(plain(makeFormatters('en').money(6_700, 'CLP'))).toBe('CLP 6,700');
    expect(plain(makeFormatters('fr').money(6_700, 'CLP'))).toBe('6 700 $CL');
  });

  it('keeps quantities with Latin units left to right inside Arabic text', () => {
    expect(makeFormatters('ar', true).power(4760)).toBe('\u20664.76 kW\u2069');
    expect(makeFormatters('es').power(4760)).toBe('4,76 kW');
    expect(makeFormatters('ar', true).change(-20.7)).toMatch(/^\u2066.*-20\.7.*%.*\u2069$/);
    expect(makeFormatters('ar', true).perKwh(160, 'CLP')).toBe(`\u2066${makeFormatters('ar').money(160, 'CLP')}/kWh\u2069`);
  });

  it('quotes cells that need it', () => {
    expect(buildCsv(['a', 'b'], [['x, y', 'say "hi"']])).toBe('a,b\r\n"x, y","say ""hi"""\r\n');
    expect(buildCsv(['a', 'b'], [['x; y', 1.5]], csvDialect('fr'))).toBe('a;b\r\n"x; y";1,5\r\n');
  });
});

describe('chart axes', () => {
  const series = (key: 'self_consumed' | 'exported' | 'consumption', data: number[]) => ({ key, label: key, data, plotted: true });

  it('leaves the value axis room for the stacked production, so its largest label is not cut', () => {
    // 600 + 600 kWh stacked reach 1.200: the axis' labels are a digit longer than any single series'.
    expect(axisMax([series('self_consumed', [600, 100]), series('exported', [600, 50]), series('consumption', [900, 200])])).toBe(1200);
    expect(axisMax([series('consumption', [900, 2000])])).toBe(2000);
  });
});
