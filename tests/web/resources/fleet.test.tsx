/** The fleet view: its columns as a user reads them (Intl, in the chosen language), server ordering and filters, a row opening the plant's monitoring, and its menu entry. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { useStore } from 'react-admin';
import { fakeDataProvider, i18nIn, phoneScreen, quietConsole, renderAdmin } from '../../../testing/web';
import { calls, mockFetch, page, query } from '../../../testing/fetch-mock';
import { dataProvider } from '../../../src/providers/dataProvider';
import { setTokens } from '../../../src/providers/session';
import { SeveralPlants } from '../../../src/resources/fleet/SeveralPlants';
import type { FleetPlant } from '../../../contract/fleet';

quietConsole();
afterEach(() => vi.unstubAllGlobals());

const plant = (over: Partial<FleetPlant>): FleetPlant => ({
  id: 1, name: 'Planta Maipú', project: 3, project_name: 'Proyecto Demo', commune: 5, commune_name: 'Maipú', capacity_kwp: 10,
  status: 'online', last_reading: '2026-01-15T12:59:00-03:00', offline_since: null, power_w: 3250, energy_today_wh: 20_500,
  energy_month_wh: 32_000, yield_today: 2.05, yield_month: 3.2, performance_today: 0.952, performance_month: 1.01, open_alarms: 0, ...over,
});
const fleet = [
  plant({}),
  plant({
    id: 2, name: 'Planta Las Condes', project: 4, project_name: 'Proyecto Industrial', commune: null, commune_name: null, status: 'offline',
    power_w: null, last_reading: '2026-01-15T11:00:00-03:00', offline_since: '2026-01-15T11:00:00-03:00', yield_today: null, performance_today: null, open_alarms: 2,
  }),
];

/** A name users wrote, as the table shows it: isolated for direction. */
const named = (name: string) => `\u2068${name}\u2069`;

/** Clicks a column's header, as a user sorts by it. */
const sortBy = (header: string) => userEvent.click(within(screen.getByRole('columnheader', { name: header })).getByRole('button'));

const MonitoringProbe = () => {
  const [project] = useStore('monitoring.project');
  const [chosen] = useStore('monitoring.plant');
  return <p>monitoring of plant {String(chosen)} of project {String(project)}</p>;
};

describe('fleet', () => {
  it('shows each plant with its project and commune under its name, its status, and each energy with its yield under it', async () => {
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet }) });
    const row = (await screen.findByText(named('Planta Maipú'))).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(8);
    // A name users wrote is isolated for direction (first strong isolate ... pop directional isolate).
    expect(cells[0]).toHaveTextContent(/^\u2068Planta Maipú\u2069\u2068Proyecto Demo\u2069 · \u2068Maipú\u2069$/);
    expect(within(cells[1]).getByText('En línea')).toBeInTheDocument();
    expect(within(cells[1]).getByText(/^15-01-2026, 12:59(\sp\.\sm\.)?$/)).toBeInTheDocument();
    expect(cells[2]).toHaveTextContent(/^3,25 kW$/);
    expect(cells[3]).toHaveTextContent(/^20,5 kWh2,05 kWh\/kWp$/);
    expect(cells[4]).toHaveTextContent(/^32 kWh3,2 kWh\/kWp$/);
    expect(cells[5]).toHaveTextContent(/^95,2\s?%$/);
    expect(cells[6]).toHaveTextContent(/^101\s?%$/);
    expect(cells[7]).toHaveTextContent(/^0$/);
    // Figures sit at the cells' end.
    for (const figure of cells.slice(2)) expect(figure).toHaveClass('MuiTableCell-alignRight');

    // Offline: since when under the chip (no last reading besides), no power, no performance; no commune, no yield.
    const offline = screen.getByText(named('Planta Las Condes')).closest('tr')!;
    const its = within(offline).getAllByRole('cell');
    expect(its[0]).toHaveTextContent(/^\u2068Planta Las Condes\u2069\u2068Proyecto Industrial\u2069$/);
    expect(within(its[1]).getByText('Sin conexión')).toBeInTheDocument();
    expect(within(its[1]).getByText(/^desde 15-01-2026, 11:00(\sa\.\sm\.)?$/)).toBeInTheDocument();
    expect(its[2]).toHaveTextContent(/^—$/);
    expect(its[3]).toHaveTextContent(/^20,5 kWh—$/);
    expect(its[5]).toHaveTextContent(/^—$/);

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Planta', 'Estado', 'Potencia actual', 'Hoy', 'Este mes', 'Desempeño hoy', 'Desempeño del mes', 'Alarmas abiertas']);
  });

  it('writes the merged columns in another language, the yield\'s unit in the text', async () => {
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet }), i18n: await i18nIn('en') });
    const row = (await screen.findByText(named('Planta Maipú'))).closest('tr')!;
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(/^20.5 kWh2.05 kWh\/kWp$/);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Plant', 'Status', 'Power now', 'Today', 'This month', 'Performance today', 'Performance this month', 'Open alarms',
    ]);
  });

  it('on a phone, lists each plant with its figures and its open alarms counted in words', async () => {
    phoneScreen();
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet: [plant({ open_alarms: 1 }), fleet[1]] }) });
    expect(await screen.findByText('3,25 kW · hoy 20,5 kWh · 1 alarma')).toBeInTheDocument();
    expect(screen.getByText('— · hoy 20,5 kWh · 2 alarmas')).toBeInTheDocument();
  });

  it('sorts a merged column on the server by its primary field (ordering=), and filters by status', async () => {
    setTokens({ access: 'A1', refresh: 'R1' });
    mockFetch((call) => {
      if (call.url.pathname !== '/api/fleet/plants') return { body: [] };
      const status = call.url.searchParams.get('status');
      return { body: page(status ? fleet.filter((p) => p.status === status) : fleet) };
    });
    const lastFleetQuery = () => query(calls.filter((c) => c.url.pathname === '/api/fleet/plants').at(-1)!.url);
    renderAdmin('/fleet', { dataProvider: dataProvider as unknown as ReturnType<typeof fakeDataProvider> });
    await screen.findByText(named('Planta Maipú'));
    expect(lastFleetQuery().ordering).toBe('name');
    // A merged column's header reads 'Hoy'; its sort button's name holds the words shown (WCAG 2.5.3,
    // issue 33: 'Este mes' was named 'Ordenar por energía del mes').
    expect(within(screen.getByRole('columnheader', { name: 'Este mes' })).getByRole('button')).toHaveAccessibleName('Ordenar por este mes ascendente');
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Hoy' })).getByRole('button', { name: 'Ordenar por hoy ascendente' }));
    await waitFor(() => expect(lastFleetQuery().ordering).toBe('energy_today_wh'));
    await sortBy('Hoy');
    await waitFor(() => expect(lastFleetQuery().ordering).toBe('-energy_today_wh'));
    await sortBy('Este mes');
    await waitFor(() => expect(lastFleetQuery().ordering).toBe('energy_month_wh'));
    await sortBy('Estado');
    await waitFor(() => expect(lastFleetQuery().ordering).toBe('status'));
    await sortBy('Planta');
    await waitFor(() => expect(lastFleetQuery().ordering).toBe('name'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin conexión' }));
    await waitFor(() => expect(lastFleetQuery()).toMatchObject({ status: 'offline', ordering: 'name' }));
    await waitFor(() => expect(screen.queryByText(named('Planta Maipú'))).not.toBeInTheDocument());
  });

  it('opens a plant on the monitoring page', async () => {
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet }), routes: <Route path="/monitoring" element={<MonitoringProbe />} /> });
    await userEvent.click(await screen.findByText(named('Planta Las Condes')));
    expect(await screen.findByText('monitoring of plant 2 of project 4')).toBeInTheDocument();
  });

  it('is in the menu for staff, and for a customer with several plants only', async () => {
    const probe = <Route path="/probe" element={<SeveralPlants><span>entrada Flota</span></SeveralPlants>} />;
    const one = renderAdmin('/probe', { dataProvider: fakeDataProvider({ fleet: fleet.slice(0, 1) }), staff: false, routes: probe });
    await waitFor(() => expect(screen.queryByText('entrada Flota')).not.toBeInTheDocument());
    one.unmount();
    const two = renderAdmin('/probe', { dataProvider: fakeDataProvider({ fleet }), staff: false, routes: probe });
    expect(await screen.findByText('entrada Flota')).toBeInTheDocument();
    two.unmount();
    renderAdmin('/probe', { dataProvider: fakeDataProvider({}), staff: true, routes: probe });
    expect(await screen.findByText('entrada Flota')).toBeInTheDocument();
  });
});
