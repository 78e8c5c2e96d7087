/**
 * The monitoring page as a user sees it: the snapshot's figures formatted for the language, the
 * battery only when the plant has one, the call behind each chart interval, the CSV of a chart,
 * and the weather and error states. fetch is mocked; the map (Leaflet) is replaced in jsdom.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { MonitoringPage } from '../../src/pages/monitoring/MonitoringPage';
// A lazy chunk in the app; loaded up front here so the waits below time the page, not the module's first transform.
import '../../src/pages/monitoring/ChartPanel';
import type { Snapshot } from '../../src/pages/monitoring/api';
import { chartTable, tableCsv } from '../../src/pages/monitoring/chartData';
import { buildCsv } from '../../src/pages/monitoring/csv';
import { makeFormatters } from '../../src/pages/monitoring/format';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { fakeDataProvider, renderAdmin } from '../../testing/web';

vi.mock('../../src/pages/monitoring/PlantsMap', () => ({
  default: ({ plants }: { plants: { name: string }[] }) => <div data-testid="plants-map">{plants.map((p) => p.name).join(',')}</div>,
}));

const snapshot = (over: Partial<Snapshot> = {}): Snapshot => ({
  plant: 7, timestamp: '2026-03-10T15:30:00Z', online: true,
  power_w: 3250, energy_today_wh: 18_400, energy_month_wh: 402_000, energy_year_wh: 950_000, energy_total_wh: 12_345_678,
  consumption_w: 1800, grid_import_w: 0, grid_export_w: 950, battery_power_w: 500, battery_soc: 80,
  consumption_today_wh: 12_000, import_today_wh: 2_000, export_today_wh: 6_000,
  self_consumption_pct: 67.4, autarky_pct: 83.3,
  co2_avoided_kg: { today: 7.5, total: 4_321, factor_kg_per_kwh: 0.35 },
  savings: { currency: 'CLP', today: 2_300, total: 1_234_567, tariff_per_kwh: 125 },
  inverters: [],
  ...over,
});

type Handler = (path: string, query: URLSearchParams) => { status?: number; body: unknown } | undefined;
let calls: string[] = [];

function mockApi(handler: Handler = () => undefined) {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const path = url.pathname.replace(/^\/api/, '');
    const answer = handler(path, url.searchParams) ?? (
      path.startsWith('/v2/last/') ? { body: snapshot() }
        : path.startsWith('/weather/') ? { status: 503, body: { detail: 'El pronóstico del tiempo no está configurado.', code: 'weather_not_configured' } }
          : path.startsWith('/v2/get/data/date/') ? { body: { plant: 7, type: url.searchParams.get('type'), date: url.searchParams.get('date'), unit: 'Wh', series: [], totals: {} } }
            : { body: [] });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  }));
}

const tables = () => ({
  projects: [{ id: 1, name: 'Proyecto Demo' }],
  'power-plants': [
    { id: 7, name: 'Planta Norte', project: 1, latitude: -33.4, longitude: -70.6, capacity_kwp: 10, tariff: 125 },
    { id: 8, name: 'Planta Sur', project: 1, latitude: null, longitude: null, capacity_kwp: 5, tariff: 125 },
  ],
});

const renderPage = (data = tables()) => renderAdmin('/monitoring', {
  dataProvider: fakeDataProvider(data), staff: false, routes: <Route path="/monitoring" element={<MonitoringPage />} />,
});

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('monitoring page', () => {
  it('shows the snapshot figures formatted for Spanish, with the battery', async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(card('Potencia actual')).toBeInTheDocument());
    expect(within(card('Potencia actual')).getByText('3,25 kW')).toBeInTheDocument();
    expect(within(card('Energía hoy')).getByText('18,4 kWh')).toBeInTheDocument();
    expect(within(card('Energía total')).getByText(plain(es.energy(12_345_678)))).toBeInTheDocument();
    expect(es.energy(12_345_678)).toBe('12,35 MWh');
    expect(within(card('Consumo actual')).getByText('1,8 kW')).toBeInTheDocument();
    expect(within(card('Autoconsumo')).getByText(plain(es.percent(67.4)))).toBeInTheDocument();
    expect(within(card('CO₂ evitado')).getByText('4,32 t')).toBeInTheDocument();
    expect(within(card('CO₂ evitado')).getByText('Hoy: 7,5 kg')).toBeInTheDocument();
    const money = new Intl.NumberFormat('es', { style: 'currency', currency: 'CLP' });
    expect(within(card('Ahorro')).getByText(plain(money.format(1_234_567)))).toBeInTheDocument();
    expect(within(card('Ahorro')).getByText(plain(`Hoy: ${money.format(2_300)}`))).toBeInTheDocument();
    expect(within(card('Batería')).getByText(plain(es.percent(80)))).toBeInTheDocument();
    expect(within(card('Batería')).getByText('Cargando 0,5 kW')).toBeInTheDocument();
    expect(screen.getByText('En línea')).toBeInTheDocument();
    expect(screen.getByText(plain(`Última lectura: ${es.dateTime('2026-03-10T15:30:00Z')}`))).toBeInTheDocument();
    // The first project and its first plant are chosen; the map gets the plants with coordinates.
    expect(calls).toContain('/api/v2/last/measurement/all/data/7');
    expect(screen.getByTestId('plants-map')).toHaveTextContent('Planta Norte');
    expect(screen.getByTestId('plants-map')).not.toHaveTextContent('Planta Sur');
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

  it('calls the endpoint of each chart interval', async () => {
    mockApi();
    renderPage();
    const today = dayjs();
    await waitFor(() => expect(calls).toContain(`/api/v2/measurement/7?day=${today.date()}&month=${today.month() + 1}&year=${today.year()}`));
    fireEvent.click(screen.getByRole('button', { name: 'Mes' }));
    await waitFor(() => expect(calls).toContain(`/api/v2/get/data/date/7?type=month&date=${today.format('YYYY-MM-DD')}`));
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

  it('explains that the forecast is not configured', async () => {
    mockApi();
    renderPage();
    await waitFor(() => expect(screen.getByText('El pronóstico del tiempo no está configurado en este portal.')).toBeInTheDocument());
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
    expect(calls).toHaveLength(0);
  });
});

describe('chart CSV', () => {
  const translate = createI18nProvider().translate;

  it('exports exactly the plotted day series with a header row', () => {
    const point = (ts: string, power: number | null, consumption: number | null) => ({
      ts, power_w: power, consumption_w: consumption, battery_power_w: null, battery_soc: null, grid_import_w: null, grid_export_w: null,
    });
    const table = chartTable({ kind: 'curve', rows: [point('2026-03-10T15:00:00Z', 3250, 1800), point('2026-03-10T15:05:00Z', null, 1750.4)] },
      translate, es.time);
    // No battery values: the battery series is neither plotted nor exported.
    expect(tableCsv(table)).toBe(`Hora,Producción (kW),Consumo (kW)\r\n${es.time('2026-03-10T15:00:00Z')},3.25,1.8\r\n${es.time('2026-03-10T15:05:00Z')},,1.75\r\n`);
  });

  it('exports the energy bars of a period', () => {
    const totals = { import_wh: 1, export_wh: 2, charge_wh: null, discharge_wh: null, self_consumption_wh: null, max_power_w: null };
    const table = chartTable({ kind: 'totals', rows: [
      { label: '2026-01', energy_wh: 1_200_500, consumption_wh: 800_000, ...totals },
      { label: '2026-02', energy_wh: 1_000_000, consumption_wh: null, ...totals },
    ] }, translate, es.time);
    expect(tableCsv(table)).toBe('Período,Producción (kWh),Consumo (kWh)\r\n2026-01,1200.5,800\r\n2026-02,1000,\r\n');
  });

  it('keeps quantities with Latin units left to right inside Arabic text', () => {
    expect(makeFormatters('ar', true).power(4760)).toBe('\u20664.76 kW\u2069');
    expect(makeFormatters('es').power(4760)).toBe('4,76 kW');
  });

  it('quotes cells that need it', () => {
    expect(buildCsv(['a', 'b'], [['x, y', 'say "hi"']])).toBe('a,b\r\n"x, y","say ""hi"""\r\n');
  });
});
