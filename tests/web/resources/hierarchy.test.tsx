/**
 * The project detail page walks the installation hierarchy (project > plants > inverters > MPPTs >
 * strings > panels). Administrators add, edit and delete at every level; ordinary users only read.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acceptDialog, fakeDataProvider, phoneScreen, quietConsole, renderAdmin, resultDialog, type Tables } from '../../../testing/web';

quietConsole();

const installation = (): Tables => ({
  projects: [{ id: 1, name: 'Parque Solar Maipú', image_project: null, plants_count: 2 }],
  'power-plants': [
    { id: 10, project: 1, project_name: 'Parque Solar Maipú', name: 'Central Norte', address: 'Camino Lo Espejo 1', capacity_kwp: 100.5, tariff: 150, commune: null },
    { id: 11, project: 1, project_name: 'Parque Solar Maipú', name: 'Central Sur', address: '', capacity_kwp: null, tariff: 150, commune: null },
  ],
  investors: [{ id: 20, plant: 10, plant_name: 'Central Norte', project: 1, name: 'Inversor A', model: 'Symo 10', nominal_power_kw: 10, equipment: null, serial_number: '', datalogger_address: '', device_id: 1 }],
  mppts: [{ id: 30, investor: 20, investor_name: 'Inversor A', plant: 10, project: 1, name: 'MPPT 1', number: 1 }],
  strings: [{ id: 40, mppt: 30, mppt_name: 'MPPT 1', investor: 20, plant: 10, project: 1, name: 'String 1', tilt: 20, azimuth: 0 }],
  panels: [{ id: 50, string: 40, string_name: 'String 1', mppt: 30, investor: 20, plant: 10, project: 1, name: 'Panel 1', power_wp: 450, serial_number: 'SN-0001', equipment: null }],
  'project-users': [], users: [{ id: 7, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz' }],
  equipments: [], communes: [],
});

/** Expands the row of a record (its summary is a button named after it). */
const expand = async (name: string) => userEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));


describe('project detail', () => {
  it('shows the plants and, expanding, the inverters, MPPTs, strings and panels', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/projects/1/show', { dataProvider });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Parque Solar Maipú' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Central Norte')).toBeInTheDocument());
    expect(screen.getByText('Central Sur')).toBeInTheDocument();
    // Each fact isolated for direction (an address and a model are users' text beside figures).
    expect(screen.getByText('\u2068Camino Lo Espejo 1\u2069 · \u2068100,5 kWp\u2069')).toBeInTheDocument();
    // Children are fetched only when a row is opened.
    expect(dataProvider.getManyReference).not.toHaveBeenCalledWith('investors', expect.anything());

    await expand('Central Norte');
    await waitFor(() => expect(screen.getByText('Inversor A')).toBeInTheDocument());
    expect(dataProvider.getManyReference).toHaveBeenCalledWith('investors', expect.objectContaining({ target: 'plant', id: 10 }));
    // Opened, its fields write the capacity as the caption does, in the chosen language (not '100.5 kWp' beside '100,5').
    expect(screen.getByText('100,5')).toBeInTheDocument();
    await expand('Inversor A');
    await expand('MPPT 1');
    await expand('String 1');
    await waitFor(() => expect(screen.getByText('Panel 1')).toBeInTheDocument());
    expect(screen.getByText('\u2068450 Wp\u2069 · \u2068SN-0001\u2069')).toBeInTheDocument();

    await expand('Central Sur');
    await waitFor(() => expect(screen.getByText('No hay inversores registrados')).toBeInTheDocument());
  });

  it('administrators get add, edit and delete at every level', async () => {
    renderAdmin('/projects/1/show', { dataProvider: fakeDataProvider(installation()) });
    await expand('Central Norte');
    await expand('Inversor A');
    await expand('MPPT 1');
    await expand('String 1');
    await expand('Panel 1');
    for (const add of ['Agregar central eléctrica', 'Agregar inversor', 'Agregar MPPT', 'Agregar string', 'Agregar panel']) {
      expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Editar' })).toHaveLength(5);
    expect(screen.getByRole('tab', { name: 'Usuarios del proyecto' })).toBeInTheDocument();
  });

  it('ordinary users read the same tree without any of those buttons', async () => {
    renderAdmin('/projects/1/show', { dataProvider: fakeDataProvider(installation()), staff: false });
    await expand('Central Norte');
    await expand('Inversor A');
    await expand('MPPT 1');
    await expand('String 1');
    await expand('Panel 1');
    await waitFor(() => expect(screen.getByText('SN-0001')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Agregar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar|Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Usuarios del proyecto' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ver detalle' })).toHaveLength(5);
  });

  it('an administrator adds an inverter to a plant', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/projects/1/show', { dataProvider });
    await expand('Central Sur');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar inversor' }));
    const form = await screen.findByRole('dialog', { name: 'Agregar inversor' });
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('El nombre es requerido')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Nombre/ }), 'Inversor B');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Excelente')).toBeInTheDocument();
    expect(within(dialog).getByText('Inversor creado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('investors', expect.objectContaining({
      data: expect.objectContaining({ plant: 11, name: 'Inversor B' }),
    }));
    await acceptDialog();
    await waitFor(() => expect(screen.getByText('Inversor B')).toBeInTheDocument());
  });

  it('an administrator edits an MPPT and deletes a string', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/projects/1/show', { dataProvider });
    await expand('Central Norte');
    await expand('Inversor A');
    await expand('MPPT 1');
    await screen.findByText('String 1');
    const mppt = screen.getByRole('region', { name: /MPPT 1/ });
    await userEvent.click(within(mppt).getAllByRole('button', { name: 'Editar' })[0]);
    const form = await screen.findByRole('dialog', { name: 'Editar MPPT' });
    const name = await within(form).findByDisplayValue('MPPT 1');
    await userEvent.clear(name);
    await userEvent.type(name, 'MPPT Este');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('MPPT actualizado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('mppts', expect.objectContaining({ id: 30, data: expect.objectContaining({ name: 'MPPT Este' }) }));
    await acceptDialog();

    await expand('String 1');
    const string = screen.getByRole('region', { name: /String 1/ });
    await userEvent.click(within(string).getAllByRole('button', { name: 'Eliminar' })[0]);
    await userEvent.click(within(await screen.findByRole('dialog', { name: /Eliminar String 1/ })).getByRole('button', { name: 'Eliminar' }));
    expect(within(await resultDialog()).getByText('String eliminado exitosamente.')).toBeInTheDocument();
    await acceptDialog();
    await waitFor(() => expect(screen.getByText('No hay strings registrados')).toBeInTheDocument());
  });

  it('a failed delete shows its error', async () => {
    const dataProvider = fakeDataProvider(installation(), { delete: { 'power-plants': { detail: 'No' } } });
    renderAdmin('/projects/1/show', { dataProvider });
    await expand('Central Sur');
    const plant = await screen.findByRole('region', { name: /Central Sur/ });
    await userEvent.click(within(plant).getAllByRole('button', { name: 'Eliminar' })[0]);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Ocurrió un error al eliminar la central eléctrica.')).toBeInTheDocument();
  });

  it('administrators add users to the project', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/projects/1/show/users', { dataProvider });
    await waitFor(() => expect(screen.getByText('Este proyecto no tiene usuarios')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario al proyecto' }));
    const form = await screen.findByRole('dialog');
    await userEvent.type(within(form).getByRole('combobox'), 'Ana');
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Paz (ana@solar.cl)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Usuario agregado al proyecto exitosamente.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('project-users', expect.objectContaining({ data: expect.objectContaining({ user_project: 1, users: 7 }) }));
    // The choices are asked of the server: customers not in this project yet.
    expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.objectContaining({ filter: expect.objectContaining({ is_staff: false, not_in_project: 1 }) }));
  });
});

describe('detail pages below the project', () => {
  it('a plant page links back to its project and lists its inverters', async () => {
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Central Norte' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Parque Solar Maipú' })).toHaveAttribute('href', '/projects/1/show'));
    await waitFor(() => expect(screen.getByText('Inversor A')).toBeInTheDocument());
    expect(screen.getByText('Camino Lo Espejo 1')).toBeInTheDocument();
  });

  it("staff delete a plant's readings by their own action, which says how many, after a confirmation", async () => {
    let stored = 12345;
    const call = vi.fn(async (resource: string, action: string, { id }: { id?: number } = {}) => {
      if (resource === 'power-plants' && action === 'readings') return { plant: id, readings: stored };
      if (resource === 'power-plants' && action === 'deleteReadings') {
        const gone = stored;
        stored = 0;
        return { plant: id, readings: gone };
      }
      throw new Error(`unexpected call ${resource}.${action}`);
    });
    const dataProvider = Object.assign(fakeDataProvider(installation()), { call });
    renderAdmin('/power-plants/10/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar lecturas (12.345)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar las lecturas de Central Norte' });
    expect(confirm).toHaveTextContent('Se eliminarán las lecturas guardadas de Central Norte (12.345)');
    expect(call).not.toHaveBeenCalledWith('power-plants', 'deleteReadings', expect.anything());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar lecturas' }));
    expect(within(await resultDialog()).getByText('Lecturas eliminadas exitosamente.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('power-plants', 'deleteReadings', { id: 10 });
    await acceptDialog();
    // None left: nothing more to delete.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Eliminar lecturas/ })).not.toBeInTheDocument());
  });

  it('a customer is offered no deletion of readings', async () => {
    const call = vi.fn(async () => ({ plant: 10, readings: 5 }));
    renderAdmin('/power-plants/10/show', { dataProvider: Object.assign(fakeDataProvider(installation()), { call }), staff: false });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Central Norte' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Eliminar lecturas/ })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('deleting a panel from its page returns to its string', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/panels/50/show', { dataProvider });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Panel 1' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(within(await resultDialog()).getByText('Panel eliminado exitosamente.')).toBeInTheDocument();
    // The string's page opens behind the dialog.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'String 1', hidden: true })).toBeInTheDocument());
    await acceptDialog();
    await waitFor(() => expect(screen.getByText('No hay paneles registrados')).toBeInTheDocument());
  });
});

describe('latest readings on detail pages', () => {
  /** The readings call answers `body`; an inverter's events and collector calls what `inverter` says (none, not polled). */
  const respond = (body: unknown, status = 200, inverter: { events?: unknown[]; collector?: unknown } = {}) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const call = /\/api\/investor\/\d+\/(events|collector)/.exec(String(input))?.[1];
      const [answer, code] = call === 'events' ? [inverter.events ?? [], 200]
        : call === 'collector' ? [inverter.collector ?? { polled: false, device: null }, 200] : [body, status];
      return new Response(JSON.stringify(answer), { status: code, headers: { 'content-type': 'application/json' } });
    });

  it('an inverter page shows its power, energy and each MPPT input', async () => {
    const fetchSpy = respond([[{
      investor: 20, ts: '2026-11-20T15:00:00-03:00', status: 'running', ac_power_w: 4230, energy_total_wh: 1234567,
      dc: [{ mppt: 1, voltage_v: 402.5, current_a: 5.25, power_w: 2113 }, { mppt: 2, voltage_v: 398, current_a: 5.3, power_w: 2109 }],
    }]]);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Últimas lecturas' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('4,23 kW')).toBeInTheDocument());
    expect(screen.getByText('En operación')).toBeInTheDocument();
    expect(screen.getByText('1.235 kWh')).toBeInTheDocument(); // Chilean Spanish (es-CL) groups from four digits on
    expect(screen.getByText('MPPT 2')).toBeInTheDocument();
    expect(screen.getByText('402,5 V')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining('/api/investor/measurements/20'), expect.anything());
  });

  it('an MPPT page keeps the first reading of the list of lists; a string page says when there is none', async () => {
    respond([[{ mppt: 30, number: 1, ts: '2026-11-20T15:00:00-03:00', voltage_v: 401, current_a: 5.1, power_w: 2045 }]]);
    renderAdmin('/mppts/30/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText('2.045 W')).toBeInTheDocument());
    vi.restoreAllMocks();
    respond([]);
    renderAdmin('/strings/40/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText('Aún no hay lecturas de este equipo.')).toBeInTheDocument());
  });

  it("an inverter page lists the errors and events it reported, each Fronius code named; none is said plainly", async () => {
    const fetchSpy = respond([], 200, {
      events: [
        { id: 2, investor: 20, ts: '2026-11-20T14:05:00-03:00', kind: 'error', code: 475, detail: {} },
        { id: 1, investor: 20, ts: '2026-11-20T09:00:00-03:00', kind: 'event', code: 1, detail: {} },
      ],
    });
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    const events = await screen.findByRole('region', { name: 'Errores y eventos del inversor' });
    await waitFor(() => expect(within(events).getByText('Falla de aislamiento del generador FV')).toBeInTheDocument());
    expect(within(events).getByText('Evento 1 del equipo')).toBeInTheDocument();
    const [, error, event] = within(events).getAllByRole('row');
    expect(within(error).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['Error', '475', 'Falla de aislamiento del generador FV']);
    expect(within(event).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['Evento', '1', 'Evento 1 del equipo']);
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining('/api/investor/20/events'), expect.anything());
    vi.restoreAllMocks();
    respond([]);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    expect(await screen.findByText('El inversor no ha informado errores ni eventos.')).toBeInTheDocument();
  });

  it('shows staff what the collector last read and why the device is offline', async () => {
    const reading = {
      ts: '2026-11-20T14:00:00-03:00', status: 'night', status_code: 3, error_code: 523, ac_power_w: null, energy_day_wh: 0,
      energy_total_wh: 26_213_502, dc: [], pv_power_w: null, grid_import_w: 367.7, grid_export_w: 0, consumption_w: 367.7,
      battery_power_w: null, battery_soc: 7.9, device: { model: 'Primo 8.2-1', serial: '38183', device_type: 102, battery_model: null, battery_serial: null },
      unavailable: ['meter'],
    };
    const device = {
      investor: 20, investor_name: 'Inversor 1', plant: 10, plant_name: 'Planta', address: '192.168.1.50', device_id: 1,
      online: false, status: 'offline', last_attempt_at: '2026-11-20T17:10:00Z', last_success_at: '2026-11-20T17:00:00Z',
      last_error: 'El datalogger no respondió en 10000 ms.', last_error_kind: 'timeout', consecutive_failures: 2,
      next_attempt_at: '2026-11-20T17:12:00Z', clock_offset_s: 2700, clock_off: true, reading,
    };
    const fetchSpy = respond([], 200, { collector: { polled: true, device } });
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    const panel = await screen.findByRole('region', { name: 'Lectura del datalogger (colector)' });
    await waitFor(() => expect(within(panel).getByText('Sin conexión')).toBeInTheDocument());
    expect(within(panel).getByText(/Sin respuesta a tiempo: el datalogger no contestó dentro del plazo\./)).toBeInTheDocument();
    expect(within(panel).getByText('El datalogger no respondió en 10000 ms.')).toBeInTheDocument();
    expect(within(panel).getByText(/2 intentos fallidos seguidos/)).toBeInTheDocument();
    expect(within(panel).getByText('El reloj del datalogger va atrasado 45 minutos: sus datos se registran a la hora en que se reciben.')).toBeInTheDocument();
    const answer = within(panel).getByRole('region', { name: 'Lo último que respondió' });
    expect(within(answer).getByText('Noche / en espera')).toBeInTheDocument();
    expect(within(answer).getByText('3 / 523')).toBeInTheDocument();
    expect(within(answer).getByText('Primo 8.2-1 · 38183')).toBeInTheDocument();
    expect(within(answer).getByText('Consultas sin respuesta útil: meter')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining('/api/investor/20/collector'), expect.anything());
  });

  it('customers do not see what the collector read', async () => {
    const asCustomer = respond([]);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()), staff: false });
    await screen.findByText('El inversor no ha informado errores ni eventos.');
    expect(screen.queryByText('Lectura del datalogger (colector)')).toBeNull();
    expect(asCustomer).not.toHaveBeenCalledWith(expect.stringContaining('/collector'), expect.anything());
  });

  it('a failed read is said plainly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond({ detail: 'Error interno del servidor.' }, 500);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText(/No se pudieron obtener las lecturas/)).toBeInTheDocument());
  });
});

describe('ways in on the plant page', () => {
  const waysIn = {
    plant: 10,
    polling: [{ investor: 20, name: 'Inversor A', address: '192.168.1.50', device_id: 1, last_delivered_at: '2026-11-20T17:55:00Z' }],
    push_service: [{
      id: 3, plant: 10, name: 'Techo', username: 'fronius-10-abc', datalogger_id: '240.123456', url: 'https://portal.example.cl/api/push/fronius/3',
      created_at: '2026-11-01T12:00:00Z', last_used_at: '2026-11-20T17:50:00Z', last_delivered_at: '2026-11-20T17:50:00Z', clock_offset_s: -1500, clock_off: true,
    }],
    ingest_keys: [{ id: 7, name: 'Gateway', prefix: 'psk_abcdefgh', url: 'https://portal.example.cl/api/ingest/points', header: 'X-Api-Key', last_delivered_at: null }],
    mqtt: [{ key: 7, name: 'Gateway', broker: 'mqtt://broker.example.cl:1883', topic: 'solar/7/points', last_delivered_at: null }],
    unmatched_devices: 1,
    rejects: 2,
  };
  const device = { id: 5, plant: 10, datalogger_id: '240.123456', device_id: 2, first_seen_at: '2026-11-20T10:00:00Z', last_seen_at: '2026-11-20T17:50:00Z', pushes: 12 };

  it("shows the site agent's card: version, last contact, backlog, devices seen, the install command; the inverters found are added in one click", async () => {
    const calls: { method: string; path: string }[] = [];
    const agent = {
      id: 1, plant: 10, agent: 'rpi-techo', version: '0.1.0', first_contact_at: '2026-11-20T10:00:00Z', last_contact_at: new Date(Date.now() - 3 * 60_000).toISOString(),
      backlog: { readings: 12, oldest_at: null },
      devices: [{ address: '192.168.1.20:502/1', kind: 'inverter', manufacturer: 'Fronius', model: 'Symo GEN24 10.0', serial: '34180512', rated_power_w: 10000, models: [1, 103], mppts: 2, ok: true, last_error: null, last_read_at: null }],
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname });
      const answer = url.pathname === '/api/power-plant/10/ways-in' ? { ...waysIn, unmatched_devices: 0 }
        : url.pathname === '/api/power-plant/10/site-agents' ? [agent]
          : url.pathname === '/api/power-plant/10/site-agents/adopt' ? { created: [{ id: 30, name: 'Symo GEN24 10.0 34180512', serial_number: '34180512', mppts: 2 }], skipped: [] }
            : null;
      return new Response(answer === null ? null : JSON.stringify(answer), { status: answer === null ? 204 : 200, headers: { 'content-type': 'application/json' } });
    });
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    const card = await screen.findByRole('article', { name: 'rpi-techo' });
    expect(card).toHaveTextContent('Versión 0.1.0');
    expect(card).toHaveTextContent('Último contacto: hace 3 minutos');
    expect(card).toHaveTextContent('Lecturas en espera: 12');
    expect(card).toHaveTextContent('34180512');
    expect(card).toHaveTextContent('2 MPPT');
    const section = screen.getByRole('region', { name: 'Agente del sitio' });
    expect(section).toHaveTextContent('npm run agent -- --portal http://localhost:3000 --key INGEST_KEY');
    await userEvent.click(within(section).getByRole('button', { name: 'Agregar los inversores encontrados a la planta' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/power-plant/10/site-agents/adopt' }));
    expect(await screen.findByText('Inversores creados: 1; ya estaban: 0.')).toBeInTheDocument();
  });

  it('shows staff every way in with its setup values and how-to; a login is created (password once) and revoked, a device assigned', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = url.pathname === '/api/power-plant/10/ways-in' ? waysIn
        : url.pathname === '/api/power-plant/10/push-devices' ? [device]
          : url.pathname === '/api/power-plant/10/push-credentials' ? { ...waysIn.push_service[0], id: 4, name: 'Bodega', password: 'clave-de-una-vez' }
            : url.pathname === '/api/power-plant/push-devices/5/assign' ? { investor: 20, datalogger_id: '240.123456', device_id: 2 }
              : null;
      return new Response(answer === null ? null : JSON.stringify(answer), { status: answer === null ? 204 : 200, headers: { 'content-type': 'application/json' } });
    });
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    const panel = await screen.findByRole('region', { name: 'Vías de entrada de datos' });
    await within(panel).findByText('https://portal.example.cl/api/push/fronius/3');
    const push = within(panel).getByRole('region', { name: 'Fronius Push Service' });
    expect(within(push).getByText(/Configuración → Push Service → Agregar/)).toBeInTheDocument();
    expect(within(push).getByText('fronius-10-abc')).toBeInTheDocument();
    expect(within(push).getByRole('button', { name: 'Copiar URL' })).toBeInTheDocument();
    expect(within(push).getByText('El reloj del datalogger va adelantado 25 minutos: sus datos se registran a la hora en que se reciben.')).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: 'Consulta periódica (el servidor lee el datalogger)' })).toHaveTextContent('192.168.1.50');
    expect(within(panel).getByRole('region', { name: 'MQTT' })).toHaveTextContent('solar/7/points');
    expect(within(panel).getByRole('region', { name: 'Envío (push) por HTTP' })).toHaveTextContent('X-Api-Key');
    expect(within(panel).getByText('Envíos que no se pudieron leer, guardados para revisión: 2')).toBeInTheDocument();

    await userEvent.type(within(push).getByRole('textbox', { name: 'Nombre' }), 'Bodega');
    await userEvent.click(within(push).getByRole('button', { name: 'Crear acceso' }));
    expect(await within(push).findByText('clave-de-una-vez')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/power-plant/10/push-credentials', body: { name: 'Bodega', datalogger_id: '' } });

    await userEvent.click(within(push).getByRole('button', { name: 'Revocar' }));
    await userEvent.click(await screen.findByRole('button', { name: /Confirmar|Aceptar|Sí/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/power-plant/push-credentials/3', body: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const unmatched = within(panel).getByRole('region', { name: 'Equipos sin inversor' });
    await within(unmatched).findByText('12');
    await userEvent.click(within(unmatched).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Inversor A' }));
    await userEvent.click(within(unmatched).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/power-plant/push-devices/5/assign', body: { investor: 20 } }));
  });

  it('on a phone, shows each login as a card of labelled values, not a table squeezed to the width', async () => {
    phoneScreen();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const answer = pathname === '/api/power-plant/10/ways-in' ? waysIn : pathname === '/api/power-plant/10/push-devices' ? [device] : null;
      return new Response(answer === null ? null : JSON.stringify(answer), { status: answer === null ? 204 : 200, headers: { 'content-type': 'application/json' } });
    });
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    const push = await screen.findByRole('region', { name: 'Fronius Push Service' });
    const login = (await within(push).findByText('https://portal.example.cl/api/push/fronius/3')).closest('li')!;
    expect(within(push).queryByRole('table')).toBeNull();
    for (const label of ['Nombre', 'Usuario', 'URL']) expect(within(login).getByText(label)).toBeInTheDocument();
    expect(within(login).getByText('fronius-10-abc')).toBeInTheDocument();
  });

  it('creates a push-ingest key (the key shown once, with the URL and header to send it in) and revokes one', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    const issued = { id: 8, plant: 10, name: 'Node-RED', prefix: 'psk_zyxwvuts', created_at: '2026-11-21T12:00:00Z', last_used_at: null, key: 'psk_zyxwvuts-secreta' };
    let keys = waysIn.ingest_keys;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'POST' && url.pathname === '/api/power-plant/10/api-keys') {
        keys = [...keys, { id: 8, name: 'Node-RED', prefix: 'psk_zyxwvuts', url: 'https://portal.example.cl/api/ingest/points', header: 'X-Api-Key', last_delivered_at: null }];
      }
      const answer = url.pathname === '/api/power-plant/10/ways-in' ? { ...waysIn, unmatched_devices: 0, ingest_keys: keys }
        : url.pathname === '/api/power-plant/10/api-keys' ? issued
          : null;
      return new Response(answer === null ? null : JSON.stringify(answer), { status: answer === null ? 204 : 200, headers: { 'content-type': 'application/json' } });
    });
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    const panel = await screen.findByRole('region', { name: 'Vías de entrada de datos' });
    const section = await within(panel).findByRole('region', { name: 'Envío (push) por HTTP' });
    await within(section).findByText('Gateway');

    await userEvent.type(within(section).getByRole('textbox', { name: 'Nombre' }), 'Node-RED');
    await userEvent.click(within(section).getByRole('button', { name: 'Crear clave' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Clave creada. Cópiala ahora: no se volverá a mostrar.');
    expect(within(alert).getByText('psk_zyxwvuts-secreta')).toBeInTheDocument();
    expect(await within(alert).findByText('X-Api-Key')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Copiar Clave' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/power-plant/10/api-keys', body: { name: 'Node-RED' } });

    const row = within(section).getByText('Gateway').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Revocar la clave Gateway')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Confirmar|Aceptar|Sí/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/power-plant/api-keys/7', body: null }));
  });

  it('is not shown to customers', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()), staff: false });
    await waitFor(() => expect(screen.getByText('Inversor A')).toBeInTheDocument());
    expect(screen.queryByText('Vías de entrada de datos')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('ways-in'), expect.anything());
  });
});

describe('no dead ends below the project (issue 11)', () => {
  it("a panel's page shows the whole path up to the project, each step a link", async () => {
    renderAdmin('/panels/50/show', { dataProvider: fakeDataProvider(installation()) });
    const path = await screen.findByRole('navigation', { name: 'Ubicación' });
    for (const [name, href] of [['Parque Solar Maipú', '/projects/1/show'], ['Central Norte', '/power-plants/10/show'],
      ['Inversor A', '/investors/20/show'], ['MPPT 1', '/mppts/30/show'], ['String 1', '/strings/40/show']]) {
      await waitFor(() => expect(within(path).getByRole('link', { name })).toHaveAttribute('href', href));
    }
    expect(within(path).getByText('Panel 1')).toHaveAttribute('aria-current', 'page');
  });

  it("a panel's equipment list offers panels only", async () => {
    const tables = {
      ...installation(),
      equipments: [{ id: 1, name: 'JA Solar 545W', kind: 'panel' }, { id: 2, name: 'Fronius Symo 10', kind: 'inverter' }],
    };
    const dataProvider = fakeDataProvider(tables);
    renderAdmin('/panels/50/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('combobox', { name: /Equipo/ }));
    await screen.findByRole('option', { name: 'JA Solar 545W' });
    expect(screen.queryByRole('option', { name: 'Fronius Symo 10' })).not.toBeInTheDocument();
  });
});

describe('panels of a model, in one step (issue 33)', () => {
  const withModels = (): Tables => ({
    ...installation(),
    equipments: [{ id: 1, name: 'JA Solar 545W', kind: 'panel', power_w: 545 }, { id: 2, name: 'Jinko 580W', kind: 'panel', power_w: 580 }],
  });

  it("choosing a model in the panel form fills in the model's Wp", async () => {
    renderAdmin('/panels/50/show', { dataProvider: fakeDataProvider(withModels()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('combobox', { name: /Equipo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jinko 580W' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Potencia/ })).toHaveValue('580'));
  });

  it("a string's page adds N panels of a model in one call, and lists them", async () => {
    const data = withModels();
    const dataProvider = Object.assign(fakeDataProvider(data), {
      call: vi.fn(async (_resource: string, _action: string, { data: body }: { data: Record<string, number> }) => {
        const added = Array.from({ length: body.count }, (_, i) => ({
          id: 100 + i, string: body.string, name: `Panel ${i + 2}`, equipment: body.equipment, power_wp: 545, serial_number: '',
        }));
        data.panels.push(...added);
        return added;
      }),
    });
    renderAdmin('/strings/40/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar paneles' }));
    const form = await screen.findByRole('dialog', { name: 'Agregar paneles' });
    await userEvent.click(within(form).getByRole('combobox', { name: /Modelo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'JA Solar 545W' }));
    // The model's Wp is filled in (and may be changed).
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Potencia/ })).toHaveValue('545'));
    const quantity = within(form).getByRole('textbox', { name: /Cantidad/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '201');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText(/entre 1 y 200/)).toBeInTheDocument();
    expect(dataProvider.call).not.toHaveBeenCalled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(within(await resultDialog()).getByText('20 paneles agregados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('panels', 'createMany', { data: { string: 40, equipment: 1, count: 20, power_wp: 545 } });
    await acceptDialog();
    await waitFor(() => expect(screen.getByText('Panel 21')).toBeInTheDocument());
  });
});

describe("a string's orientation says its convention (issue 33)", () => {
  it('the form says 0° is north, draws the azimuth on a compass, and refuses values out of range saying the range', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/strings/40/show', { dataProvider });
    // The page draws it too.
    expect(await screen.findByRole('img', { name: 'Los paneles miran a 0° desde el norte' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar string' });
    expect(within(form).getByText(/0° norte, 90° este, 180° sur, 270° oeste\. En PVGIS el 0° es el sur/)).toBeInTheDocument();
    expect(within(form).getByText('0° = horizontal, 90° = vertical')).toBeInTheDocument();
    const azimuth = within(form).getByRole('textbox', { name: /Azimut/ });
    await userEvent.clear(azimuth);
    await userEvent.type(azimuth, '180');
    const compass = await within(form).findByRole('img', { name: 'Los paneles miran a 180° desde el norte' });
    expect(within(compass).getByTestId('compass-arrow')).toHaveAttribute('transform', 'rotate(180 48 48)');

    const tilt = within(form).getByRole('textbox', { name: /Inclinación/ });
    await userEvent.clear(tilt);
    await userEvent.type(tilt, '95');
    await userEvent.clear(azimuth);
    await userEvent.type(azimuth, '-10');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('La inclinación va de 0° (horizontal) a 90° (vertical).')).toBeInTheDocument();
    expect(within(form).getByText('El azimut va de 0° a 360°, medido desde el norte.')).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });
});
