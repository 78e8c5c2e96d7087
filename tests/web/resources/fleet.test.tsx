/** The fleet view: its columns as a user reads them (Intl, in the chosen language), server ordering and filters, a row opening the plant's monitoring, and its menu entry. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'react-router-dom';
import { useStore } from 'react-admin';
import { fakeDataProvider, phoneScreen, quietConsole, renderAdmin } from '../../../testing/web';
import { SeveralPlants } from '../../../src/resources/fleet/SeveralPlants';
import type { FleetPlant } from '../../../contract/fleet';

quietConsole();

const plant = (over: Partial<FleetPlant>): FleetPlant => ({
  id: 1, name: 'Planta Maipú', project: 3, project_name: 'Proyecto Demo', commune: 5, commune_name: 'Maipú', capacity_kwp: 10,
  status: 'online', last_reading: '2026-01-15T12:59:00-03:00', offline_since: null, power_w: 3250, energy_today_wh: 20_500,
  energy_month_wh: 32_000, yield_today: 2.05, yield_month: 3.2, performance_today: 0.952, performance_month: 1.01, open_alarms: 0, ...over,
});
const fleet = [
  plant({}),
  plant({ id: 2, name: 'Planta Las Condes', status: 'offline', power_w: null, offline_since: '2026-01-15T11:00:00-03:00', performance_today: null, open_alarms: 2 }),
];

const MonitoringProbe = () => {
  const [project] = useStore('monitoring.project');
  const [chosen] = useStore('monitoring.plant');
  return <p>monitoring of plant {String(chosen)} of project {String(project)}</p>;
};

describe('fleet', () => {
  it('shows each plant\'s status and figures formatted for the language', async () => {
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet }) });
    const row = (await screen.findByText('Planta Maipú')).closest('tr')!;
    expect(within(row).getByText('En línea')).toBeInTheDocument();
    expect(within(row).getByText('3,25 kW')).toBeInTheDocument();
    expect(within(row).getByText('20,5 kWh')).toBeInTheDocument();
    expect(within(row).getByText(/^95,2\s?%$/)).toBeInTheDocument();
    const offline = screen.getByText('Planta Las Condes').closest('tr')!;
    expect(within(offline).getByText(/^Sin conexión desde 15-01-2026, 11:00/)).toBeInTheDocument();
    expect(within(offline).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    for (const header of ['Planta', 'Estado', 'Potencia actual', 'Energía hoy', 'Rendimiento hoy (kWh/kWp)', 'Desempeño del mes', 'Alarmas abiertas']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header.replace(/[()]/g, '\\$&')) })).toBeInTheDocument();
    }
  });

  it('on a phone, lists each plant with its figures and its open alarms counted in words', async () => {
    phoneScreen();
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet: [plant({ open_alarms: 1 }), fleet[1]] }) });
    expect(await screen.findByText('3,25 kW · hoy 20,5 kWh · 1 alarma')).toBeInTheDocument();
    expect(screen.getByText('— · hoy 20,5 kWh · 2 alarmas')).toBeInTheDocument();
  });

  it('asks the server for another order and a status', async () => {
    const dataProvider = fakeDataProvider({ fleet });
    renderAdmin('/fleet', { dataProvider });
    await screen.findByText('Planta Maipú');
    await userEvent.click(screen.getByText('Desempeño hoy'));
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('fleet', expect.objectContaining({ sort: { field: 'performance_today', order: 'ASC' } })));
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin conexión' }));
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('fleet', expect.objectContaining({ filter: { status: 'offline' } })));
    await waitFor(() => expect(screen.queryByText('Planta Maipú')).not.toBeInTheDocument());
  });

  it('opens a plant on the monitoring page', async () => {
    renderAdmin('/fleet', { dataProvider: fakeDataProvider({ fleet }), routes: <Route path="/monitoring" element={<MonitoringProbe />} /> });
    await userEvent.click(await screen.findByText('Planta Las Condes'));
    expect(await screen.findByText('monitoring of plant 2 of project 3')).toBeInTheDocument();
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
