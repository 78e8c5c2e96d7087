/**
 * The alarm screens as staff and customers see them: the list with its filters, an alarm's page with
 * its history, acknowledging with a comment and the one-click ticket (staff), read-only for a
 * customer; the plant's open alarms (monitoring page), the plant's own thresholds (plant page), the
 * alarm notices of the profile, and the ticket's link back to its alarm.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import { PlantAlarms } from '../../../src/pages/monitoring/PlantAlarms';
import ProfilePage from '../../../src/resources/profile/ProfilePage';
import { setProfile } from '../../../src/providers/session';
import { acceptDialog, fakeDataProvider, i18nIn, phoneScreen, quietConsole, renderAdmin, resultDialog, type Tables } from '../../../testing/web';

quietConsole();

const alarm = (over: Partial<RaRecord> = {}): RaRecord => ({
  id: 5, kind: 'mppt_low', status: 'open', plant: 7, plant_name: 'Planta Maipú', project: 3, project_name: 'Proyecto Maipú',
  investor: 9, investor_name: 'Inversor 1', mppt: 12, mppt_name: 'MPPT 2', string: 20, string_name: 'String 2',
  opened_at: '2026-01-15T15:05:00Z', closed_at: null, acknowledged_by: null, acknowledged_by_name: null, acknowledged_at: null,
  acknowledged_comment: null, details: { pct_of_siblings: 0, threshold_pct: 60, installed_wp: 5000 }, ticket: null,
  events: [{ id: 1, event: 'opened', at: '2026-01-15T15:05:00Z', user: null, user_name: null, comment: null, details: {} }],
  ...over,
});

const tables = (over: Partial<RaRecord> = {}): Tables => ({
  alarms: [
    alarm(over),
    alarm({ id: 4, kind: 'inverter_offline', status: 'closed', mppt: null, mppt_name: null, string: null, string_name: null, closed_at: '2026-01-14T12:00:00Z', opened_at: '2026-01-14T10:00:00Z' }),
  ],
  projects: [{ id: 3, name: 'Proyecto Maipú' }],
  'power-plants': [{ id: 7, name: 'Planta Maipú', project: 3 }],
});

/** The harness's provider plus the alarm calls of the app's dataProvider. */
function provider(data: Tables) {
  const base = fakeDataProvider(data);
  const call = vi.fn(async (resource: string, action: string, { id, data: body }: { id?: number; data?: any } = {}) => {
    const row = data.alarms?.find((a) => a.id === id);
    if (resource === 'alarms' && action === 'acknowledge') {
      Object.assign(row!, { status: 'acknowledged', acknowledged_by_name: 'Sofía Rojas', acknowledged_comment: body.comment });
      row!.events = [...row!.events, { id: 2, event: 'acknowledged', at: '2026-01-15T16:00:00Z', user: 1, user_name: 'Sofía Rojas', comment: body.comment, details: {} }];
      return row;
    }
    if (resource === 'alarms' && action === 'ticket') {
      data.tickets = [{ id: 31, title: 'MPPT o string con baja producción: Planta Maipú', content: 'Ticket creado a partir de la alarma #5', status: 1, customuser: 5, user_fullname: 'Ana Paz', alarm: 5, assigned_user_admin: [], created_at: '2026-01-15T16:00:00Z' }];
      return Object.assign(row!, { ticket: 31 });
    }
    if (resource === 'alarms' && action === 'plantThresholds') {
      return { plant: id, overrides: { alarm_offline_minutes: 90, alarm_sibling_pct: null, alarm_sibling_window_minutes: null, alarm_sunny_kwh_per_kwp: null, alarm_battery_min_kwh: null, alarm_expected_pct: null }, effective: {} };
    }
    if (resource === 'alarms' && action === 'thresholds') {
      return { alarm_offline_minutes: 30, alarm_sibling_pct: 60, alarm_sibling_window_minutes: 60, alarm_sunny_kwh_per_kwp: 4, alarm_battery_min_kwh: 0.5, alarm_expected_pct: 50 };
    }
    if (resource === 'alarms' && action === 'setPlantThresholds') {
      // A 400 as http.ts gives it (the DRF body plus `errors`), for a value the form's bounds let through.
      if (body.alarm_sibling_pct > 90) {
        throw Object.assign(new Error('HTTP 400'), { status: 400, body: { alarm_sibling_pct: ['Debe ser menor o igual a 90.'], errors: { alarm_sibling_pct: 'Debe ser menor o igual a 90.' } } });
      }
      return { plant: id, overrides: body, effective: {} };
    }
    if (resource === 'profile' && action === 'alarmOptOut') return { ...data.profile[0], ...body };
    throw new Error(`unexpected call ${resource}.${action}`);
  });
  return Object.assign(base, { call });
}

/** Where an alarm is, as the lists write it: each name isolated for direction (names are users' text). */
const where = (...names: string[]) => names.map((name) => `\u2068${name}\u2069`).join(' · ');

describe('alarm list', () => {
  it('shows each alarm\'s kind, where it is and its status, newest first, with the filters', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByText('MPPT o string con baja producción')).toBeInTheDocument());
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText(where('Planta Maipú', 'Inversor 1', 'MPPT 2', 'String 2'))).toBeInTheDocument();
    expect(within(rows[0]).getByText('Abierta')).toBeInTheDocument();
    // 15:05 UTC is 12:05 in Santiago in January: the portal's hour, as the alarm's page says it, whatever the browser's zone.
    expect(within(rows[0]).getByText(/^15-01-2026, 12:05\s?p\.\sm\.$/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('Inversor sin conexión')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Cerrada')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estado' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('alarms', expect.objectContaining({ sort: { field: 'opened_at', order: 'DESC' } }));
  });

  it("opens an alarm from the list: its row shows at once, what the rule saw and the history once the alarm has come", async () => {
    const dataProvider = provider(tables());
    // The list's rows are summaries (no details, no history), which react-admin shows while the alarm loads.
    const getList = dataProvider.getList;
    dataProvider.getList = vi.fn(async (...args: Parameters<typeof getList>) => {
      const page = await getList(...args);
      return { ...page, data: page.data.map(({ details: _d, events: _e, ...row }) => row) };
    }) as typeof getList;
    renderAdmin('/alarms', { dataProvider, staff: true });
    fireEvent.click(await screen.findByText(where('Planta Maipú', 'Inversor 1', 'MPPT 2', 'String 2')));
    expect(await screen.findByRole('heading', { level: 2, name: 'MPPT o string con baja producción: Planta Maipú' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Historial' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('filters by kind on the server', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Inversor sin conexión' }));
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('alarms', expect.objectContaining({ filter: { kind: 'inverter_offline' } })));
    await waitFor(() => expect(screen.queryByText('MPPT o string con baja producción')).not.toBeInTheDocument());
  });
});

describe('alarm list, everyday use (issue 11)', () => {
  /** Adds the filter named `label` from the list's filter menu. */
  async function addFilter(label: string) {
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar filtro' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: label }));
  }

  it("filters by the day an alarm opened with the app's date picker, not the browser's, and asks nothing until the date is whole", async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms', { dataProvider, staff: true });
    await screen.findByText('MPPT o string con baja producción');
    await addFilter('Abierta desde');
    const field = await screen.findByRole('group', { name: 'Abierta desde' });
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(within(field.parentElement!).getByRole('button', { name: 'Elige fecha' })).toBeInTheDocument();
    // The field's hidden input takes what is typed (MUI X's own way of testing its fields).
    const typed = field.parentElement!.querySelector('input')!;
    const calls = dataProvider.getList.mock.calls.length;
    fireEvent.change(typed, { target: { value: '15-01-2' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(dataProvider.getList.mock.calls.length).toBe(calls);
    fireEvent.change(typed, { target: { value: '15-01-2026' } });
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('alarms', expect.objectContaining({ filter: { opened_from: '2026-01-15' } })), { timeout: 3000 });
  });

  it('speaks Arabic in the date picker too', async () => {
    renderAdmin('/alarms', { dataProvider: provider(tables()), staff: true, i18n: await i18nIn('ar') });
    await userEvent.click(await screen.findByRole('button', { name: 'إضافة عامل تصفية' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'فُتح منذ' }));
    expect(await screen.findByRole('button', { name: 'اختر التاريخ' })).toBeInTheDocument();
  });

  it('on a phone, lists each alarm on two lines: its kind and status, where it is and when it opened', async () => {
    phoneScreen();
    renderAdmin('/alarms', { dataProvider: provider(tables()), staff: true });
    expect(await screen.findByText(/^\u2068Planta Maipú\u2069 · \u2068Inversor 1\u2069 · \u2068MPPT 2\u2069 · \u2068String 2\u2069 · 15-01-2026, 12:05\sp\.\sm\.$/)).toBeInTheDocument();
    expect(screen.getByText(/^\u2068Planta Maipú\u2069 · \u2068Inversor 1\u2069 · 14-01-2026, 7:00\sa\.\sm\.$/)).toBeInTheDocument();
    expect(screen.getByText('Abierta')).toBeInTheDocument();
    expect(screen.getByText('Cerrada')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('alarm page', () => {
  it('shows what the rule saw and the history; staff acknowledge with a comment (a blank one is refused)', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms/5/show', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'MPPT o string con baja producción: Planta Maipú' })).toBeInTheDocument());
    expect(screen.getByText('% de sus pares por Wp')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Historial' })).getByText('Se abrió')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reconocer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconocer la alarma' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconocer' }));
    expect(within(dialog).getByText('El comentario es requerido')).toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), 'Técnico en camino');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconocer' }));
    expect(within(await resultDialog()).getByText('Alarma reconocida exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('alarms', 'acknowledge', { id: 5, data: { comment: 'Técnico en camino' } });
    await waitFor(() => expect(screen.getByText('Reconocida por Sofía Rojas')).toBeInTheDocument());
    expect(screen.getByText('Técnico en camino')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconocer' })).not.toBeInTheDocument();
  });

  it('refuses to acknowledge without a comment, sends nothing, and cancelling leaves the alarm open', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms/5/show', { dataProvider, staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reconocer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconocer la alarma' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comentario' });
    expect(comment).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconocer' }));
    expect(await within(dialog).findByText('El comentario es requerido')).toBeInTheDocument();
    expect(comment).toBeInvalid();
    expect(dataProvider.call).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reconocer la alarma' })).not.toBeInTheDocument());
    expect(screen.getByText('Abierta')).toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalled();
  });

  it('turns the alarm into a ticket in one click and opens the ticket, which links back', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/alarms/5/show', { dataProvider, staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Convertir en ticket' }));
    expect(dataProvider.call).toHaveBeenCalledWith('alarms', 'ticket', { id: 5, data: {} });
    expect(within(await resultDialog()).getByText('Ticket creado a partir de la alarma exitosamente.')).toBeInTheDocument();
    await acceptDialog();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'MPPT o string con baja producción: Planta Maipú' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Creado a partir de la alarma #5' })).toHaveAttribute('href', '/alarms/5/show'));
  });

  it('is read-only for a customer', async () => {
    renderAdmin('/alarms/5/show', { dataProvider: provider(tables({ ticket: 31 })), staff: false });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'MPPT o string con baja producción: Planta Maipú' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ver el ticket #31' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconocer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convertir en ticket' })).not.toBeInTheDocument();
  });
});

describe('the plant\'s open alarms (monitoring page)', () => {
  it('lists the open ones, each a link to its page, and links to all of the plant\'s', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/panel', { dataProvider, staff: false, routes: <Route path="/panel" element={<PlantAlarms plantId={7} timeZone="America/Santiago" />} /> });
    const panel = await screen.findByRole('region', { name: 'Alarmas abiertas' });
    expect(dataProvider.getList).toHaveBeenCalledWith('alarms', expect.objectContaining({ filter: { plant: 7, active: true } }));
    expect(within(panel).getByRole('link', { name: /MPPT o string con baja producción/ })).toHaveAttribute('href', '/alarms/5/show');
    expect(within(panel).getByRole('link', { name: 'Todas las alarmas de la planta' }).getAttribute('href')).toContain(encodeURIComponent('{"plant":7}'));
  });
});

describe('the plant\'s own thresholds', () => {
  const plantTables = (): Tables => ({ ...tables(), 'power-plants': [{ id: 7, name: 'Planta Maipú', project: 3, project_name: 'Proyecto Maipú' }], investors: [] });

  it('shows the plant\'s values and the portal\'s, saves them (empty clears) and shows the server\'s messages', async () => {
    const dataProvider = provider(plantTables());
    renderAdmin('/power-plants/7/show', { dataProvider, staff: true });
    const offline = await screen.findByRole('textbox', { name: 'Minutos de luz sin datos' });
    await waitFor(() => expect(offline).toHaveValue('90'));
    expect(screen.getByText('Del portal: 30')).toBeInTheDocument();
    await userEvent.clear(offline);
    await userEvent.type(screen.getByRole('textbox', { name: 'Producción bajo lo esperado (%)' }), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(await resultDialog()).getByText('Umbrales de alarma guardados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('alarms', 'setPlantThresholds', { id: 7, data: {
      alarm_offline_minutes: null, alarm_sibling_pct: null, alarm_sibling_window_minutes: null, alarm_sunny_kwh_per_kwp: null, alarm_battery_min_kwh: null, alarm_expected_pct: 40,
    } });
  });

  it('sends an untouched empty field as null, with the plant\'s own values as they are', async () => {
    const dataProvider = provider(plantTables());
    renderAdmin('/power-plants/7/show', { dataProvider, staff: true });
    const window = await screen.findByRole('textbox', { name: 'Ventana de comparación (minutos)' });
    expect(window).toHaveValue('');
    await waitFor(() => expect(window).toHaveAccessibleDescription('Del portal: 60'));
    await userEvent.type(window, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(await resultDialog()).getByText('Umbrales de alarma guardados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('alarms', 'setPlantThresholds', { id: 7, data: {
      alarm_offline_minutes: 90, alarm_sibling_pct: null, alarm_sibling_window_minutes: 120, alarm_sunny_kwh_per_kwp: null, alarm_battery_min_kwh: null, alarm_expected_pct: null,
    } });
  });

  it('refuses what the contract bounds, in the reader\'s numbers, without calling the API', async () => {
    const dataProvider = provider(plantTables());
    renderAdmin('/power-plants/7/show', { dataProvider, staff: true });
    await userEvent.type(await screen.findByRole('textbox', { name: 'MPPT bajo sus pares (%)' }), '150');
    await userEvent.type(screen.getByRole('textbox', { name: 'Carga mínima de la batería (kWh)' }), '0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(await screen.findByText('Debe ser 99 o menos')).toBeInTheDocument();
    expect(screen.getByText('Debe ser al menos 0,01')).toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalledWith('alarms', 'setPlantThresholds', expect.anything());
  });

  it('shows a 400 under its field, in place of the portal\'s value', async () => {
    const dataProvider = provider(plantTables());
    renderAdmin('/power-plants/7/show', { dataProvider, staff: true });
    const pct = await screen.findByRole('textbox', { name: 'MPPT bajo sus pares (%)' });
    await waitFor(() => expect(pct).toHaveAccessibleDescription('Del portal: 60'));
    await userEvent.type(pct, '95');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(await resultDialog()).getByText('Ocurrió un error al guardar los umbrales de alarma.')).toBeInTheDocument();
    await waitFor(() => expect(pct).toHaveAccessibleDescription('Debe ser menor o igual a 90.'));
    expect(pct).toBeInvalid();
  });

  it('is not shown to a customer', async () => {
    const dataProvider = provider(plantTables());
    renderAdmin('/power-plants/7/show', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Planta Maipú' })).toBeInTheDocument());
    expect(screen.queryByText('Umbrales de alarma de esta planta')).not.toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalled();
  });
});

describe('alarm notices in the profile', () => {
  it('ticks the kinds the user hears of and saves the others as opted out', async () => {
    setProfile({ id: 5, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '', image: null, is_staff: false, is_superuser: false });
    const dataProvider = provider({ profile: [{ id: 'me', email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '', image: null, alarm_opt_out: ['battery_not_charging'] }] });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes: <Route path="/profile/me" element={<ProfilePage />} /> });
    const battery = await screen.findByRole('checkbox', { name: 'Batería sin cargar en un día soleado' });
    expect(battery).not.toBeChecked();
    // The checkboxes are one group named by the card's title (issue 33: they were not a group).
    const group = screen.getByRole('group', { name: 'Avisos de alarmas' });
    expect(group).toHaveAccessibleDescription('Recibe aviso (campana y correo) de estos tipos de alarma:');
    expect(group).toContainElement(battery);
    await userEvent.click(screen.getByRole('checkbox', { name: 'MPPT o string con baja producción' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar avisos' }));
    expect(within(await resultDialog()).getByText('Avisos de alarmas guardados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('profile', 'alarmOptOut', { data: { alarm_opt_out: ['mppt_low', 'battery_not_charging'] } });
  });
});
