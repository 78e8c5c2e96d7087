/** The configuration page: the settings row, the portal's alarm thresholds and the communes. */
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('configuration', () => {
  const settings = [{ id: 1, name: 'Solar Chile', environnement_factor: 0.4, time_zone: 'America/Santiago' }];
  const communes = [{ id: 1, name: 'Maipú', region: 'Metropolitana' }, { id: 2, name: 'Arica', region: 'Arica y Parinacota' }];

  it('shows the settings and the communes, and saves', async () => {
    const dataProvider = fakeDataProvider({ settings: structuredClone(settings), communes });
    renderAdmin('/configuration', { dataProvider });
    const name = await screen.findByDisplayValue('Solar Chile');
    await waitFor(() => expect(screen.getByText('Maipú')).toBeInTheDocument());
    expect(screen.getByText('Metropolitana')).toBeInTheDocument();
    await userEvent.type(name, ' Sur');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Configuración actualizada exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('settings', expect.objectContaining({
      id: 1, data: expect.objectContaining({ name: 'Solar Chile Sur', environnement_factor: 0.4, time_zone: 'America/Santiago' }),
    }));
  });

  it('after a change of time zone, shows how many plants\' charts are recomputed, reading again until done', async () => {
    const table = [{ ...settings[0], time_zone: 'UTC', rebuild: { pending: 3, plants: 1200 } }];
    const dataProvider = fakeDataProvider({ settings: table, communes });
    renderAdmin('/configuration', { dataProvider });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Recalculando los gráficos de las centrales en la nueva zona horaria: 1.197 de 1.200 listas.');
    expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round((100 * 1197) / 1200)));
    // What is being typed meanwhile stays as the settings are read again.
    await userEvent.type(screen.getByDisplayValue('Solar Chile'), ' Sur');
    table[0] = { ...table[0], rebuild: { pending: 2, plants: 1200 } };
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1.198 de 1.200'), { timeout: 5000 });
    expect(screen.getByDisplayValue('Solar Chile Sur')).toBeInTheDocument();
    table[0] = { ...table[0], rebuild: { pending: 0, plants: 1200 } };
    await waitForElementToBeRemoved(() => screen.queryByRole('status'), { timeout: 5000 });
  });

  it('a failed read of the settings is a toast for 3 seconds', async () => {
    const dataProvider = fakeDataProvider({ communes }, { getList: { settings: {} } });
    renderAdmin('/configuration', { dataProvider });
    const toast = await screen.findByText('Ocurrió un error al obtener el listado de configuraciones.');
    await waitForElementToBeRemoved(toast, { timeout: 4500 });
  });

  it('a failed read of the communes is a toast too', async () => {
    const dataProvider = fakeDataProvider({ settings: structuredClone(settings) }, { getList: { communes: {} } });
    renderAdmin('/configuration', { dataProvider });
    await waitFor(() => expect(screen.getByText('Ocurrió un error al obtener el listado de Comunas.')).toBeInTheDocument());
  });
});

describe('the portal\'s alarm thresholds', () => {
  const portal = { alarm_offline_minutes: 30, alarm_sibling_pct: 60, alarm_sibling_window_minutes: 60, alarm_sunny_kwh_per_kwp: 4, alarm_battery_min_kwh: 0.5, alarm_expected_pct: 50 };
  const settings = [{ id: 1, name: 'Solar Chile', environnement_factor: 0.4, time_zone: 'America/Santiago' }];

  /** The harness's provider plus the two threshold calls; `reject` makes the write answer that 400 body. */
  function provider(reject?: Record<string, string[]>) {
    const base = fakeDataProvider({ settings: structuredClone(settings), communes: [] });
    const call = vi.fn(async (resource: string, action: string, { data }: { data?: Record<string, number> } = {}) => {
      if (resource === 'alarms' && action === 'thresholds') return portal;
      if (resource === 'alarms' && action === 'setThresholds') {
        if (reject) throw Object.assign(new Error('HTTP 400'), { status: 400, body: { ...reject, errors: Object.fromEntries(Object.entries(reject).map(([k, v]) => [k, v[0]])) } });
        return { ...portal, ...data };
      }
      throw new Error(`unexpected call ${resource}.${action}`);
    });
    return Object.assign(base, { call });
  }

  it('staff change a value and save: every threshold is sent to PUT /alarm/thresholds', async () => {
    const dataProvider = provider();
    renderAdmin('/configuration', { dataProvider, staff: true });
    const card = await screen.findByRole('region', { name: 'Umbrales de alarma del portal' });
    const offline = await within(card).findByRole('textbox', { name: 'Minutos de luz sin datos' });
    await waitFor(() => expect(offline).toHaveValue('30'));
    await userEvent.clear(offline);
    await userEvent.type(offline, '45');
    await userEvent.click(within(card).getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(await resultDialog()).getByText('Umbrales de alarma guardados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('alarms', 'setThresholds', { data: { ...portal, alarm_offline_minutes: 45 } });
  });

  it('refuses what the contract bounds, in the reader\'s numbers, without calling the API', async () => {
    const dataProvider = provider();
    renderAdmin('/configuration', { dataProvider, staff: true });
    const card = await screen.findByRole('region', { name: 'Umbrales de alarma del portal' });
    const battery = await within(card).findByRole('textbox', { name: 'Carga mínima de la batería (kWh)' });
    await waitFor(() => expect(battery).toHaveValue('0,5'));
    await userEvent.clear(battery);
    await userEvent.type(battery, '0.001');
    const offline = within(card).getByRole('textbox', { name: 'Minutos de luz sin datos' });
    await userEvent.clear(offline);
    await userEvent.type(offline, '30.5');
    const window = within(card).getByRole('textbox', { name: 'Ventana de comparación (minutos)' });
    await userEvent.clear(window);
    await userEvent.click(within(card).getByRole('button', { name: 'Guardar umbrales' }));
    expect(await within(card).findByText('Debe ser al menos 0,01')).toBeInTheDocument();
    expect(within(card).getByText('Debe ser un número entero')).toBeInTheDocument();
    expect(within(card).getByText('El valor es requerido')).toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalledWith('alarms', 'setThresholds', expect.anything());
  });

  it('shows the server\'s 400 under its field, with the error dialog', async () => {
    const dataProvider = provider({ alarm_expected_pct: ['Debe ser menor o igual a 99.'] });
    renderAdmin('/configuration', { dataProvider, staff: true });
    const card = await screen.findByRole('region', { name: 'Umbrales de alarma del portal' });
    const expected = await within(card).findByRole('textbox', { name: 'Producción bajo lo esperado (%)' });
    await waitFor(() => expect(expected).toHaveValue('50'));
    await userEvent.clear(expected);
    await userEvent.type(expected, '40');
    await userEvent.click(within(card).getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(await resultDialog()).getByText('Ocurrió un error al guardar los umbrales de alarma.')).toBeInTheDocument();
    expect(await within(card).findByText('Debe ser menor o igual a 99.')).toBeInTheDocument();
  });

  it('is not shown to a customer, and nothing is asked of the API', async () => {
    const dataProvider = provider();
    renderAdmin('/configuration', { dataProvider, staff: false });
    // The configuration page is staff work: it is not mounted for a customer.
    expect(await screen.findByRole('heading', { name: 'No encontrado' })).toBeInTheDocument();
    expect(screen.queryByText('Umbrales de alarma del portal')).not.toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalled();
  });
});
