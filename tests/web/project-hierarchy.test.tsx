/**
 * The project detail page walks the installation hierarchy (project > plants > inverters > MPPTs >
 * strings > panels). Administrators add, edit and delete at every level; ordinary users only read.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderAdmin, type Tables } from '../../testing/web';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const installation = (): Tables => ({
  projects: [{ id: 1, name: 'Parque Solar Maipú', image_project: null, plants_count: 2 }],
  'power-plants': [
    { id: 10, project: 1, project_name: 'Parque Solar Maipú', name: 'Central Norte', address: 'Camino Lo Espejo 1', capacity_kwp: 100, tariff: 150, commune: null },
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

const resultDialog = () => screen.findByRole('dialog', { name: /Excelente|Error/ }, { timeout: 5000 });

async function acceptDialog() {
  await resultDialog();
  await waitFor(() => {
    const button = screen.queryByRole('button', { name: 'Aceptar' });
    if (button) fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: /Excelente|Error/ })).not.toBeInTheDocument();
  });
}

describe('project detail', () => {
  it('shows the plants and, expanding, the inverters, MPPTs, strings and panels', async () => {
    const dataProvider = fakeDataProvider(installation());
    renderAdmin('/projects/1/show', { dataProvider });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Parque Solar Maipú' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Central Norte')).toBeInTheDocument());
    expect(screen.getByText('Central Sur')).toBeInTheDocument();
    expect(screen.getByText(/Camino Lo Espejo 1 · 100 kWp/)).toBeInTheDocument();
    // Children are fetched only when a row is opened.
    expect(dataProvider.getManyReference).not.toHaveBeenCalledWith('investors', expect.anything());

    await expand('Central Norte');
    await waitFor(() => expect(screen.getByText('Inversor A')).toBeInTheDocument());
    expect(dataProvider.getManyReference).toHaveBeenCalledWith('investors', expect.objectContaining({ target: 'plant', id: 10 }));
    await expand('Inversor A');
    await expand('MPPT 1');
    await expand('String 1');
    await waitFor(() => expect(screen.getByText('Panel 1')).toBeInTheDocument());
    expect(screen.getByText(/450 Wp · SN-0001/)).toBeInTheDocument();

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
  });
});

describe('detail pages below the project', () => {
  it('a plant page links back to its project and lists its inverters', async () => {
    renderAdmin('/power-plants/10/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Central Norte' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Parque Solar Maipú' })).toHaveAttribute('href', '/projects/1/show');
    await waitFor(() => expect(screen.getByText('Inversor A')).toBeInTheDocument());
    expect(screen.getByText('Camino Lo Espejo 1')).toBeInTheDocument();
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
  const respond = (body: unknown, status = 200) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('an inverter page shows its power, energy and each MPPT input', async () => {
    const fetchSpy = respond([[{
      investor: 20, ts: '2026-11-20T15:00:00-03:00', status: 'running', ac_power_w: 4230, energy_total_wh: 1234567,
      dc: [{ mppt: 1, voltage_v: 402.5, current_a: 5.25, power_w: 2113 }, { mppt: 2, voltage_v: 398, current_a: 5.3, power_w: 2109 }],
    }]]);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Últimas lecturas' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('4,23 kW')).toBeInTheDocument());
    expect(screen.getByText('En operación')).toBeInTheDocument();
    expect(screen.getByText('1235 kWh')).toBeInTheDocument(); // Spanish groups digits from five on
    expect(screen.getByText('MPPT 2')).toBeInTheDocument();
    expect(screen.getByText('402,5 V')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining('/api/investor/measurements/20'), expect.anything());
  });

  it('an MPPT page keeps the first reading of the list of lists; a string page says when there is none', async () => {
    respond([[{ mppt: 30, number: 1, ts: '2026-11-20T15:00:00-03:00', voltage_v: 401, current_a: 5.1, power_w: 2045 }]]);
    renderAdmin('/mppts/30/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText('2045 W')).toBeInTheDocument());
    vi.restoreAllMocks();
    respond([]);
    renderAdmin('/strings/40/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText('Aún no hay lecturas de este equipo.')).toBeInTheDocument());
  });

  it('a failed read is said plainly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond({ detail: 'Error interno del servidor.' }, 500);
    renderAdmin('/investors/20/show', { dataProvider: fakeDataProvider(installation()) });
    await waitFor(() => expect(screen.getByText(/No se pudieron obtener las lecturas/)).toBeInTheDocument());
  });
});
