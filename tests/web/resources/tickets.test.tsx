/**
 * The ticket screens as a user sees them: the list at /tickets/list, the thread at /tickets/{id}/show
 * (messages oldest first, reply, status change, assignment, closed tickets) and the SPEC §8 dialogs.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import { setProfile, type Profile } from '../../../src/providers/session';
import { fakeDataProvider, i18nIn, quietConsole, renderAdmin, type Tables } from '../../../testing/web';
import { makeFormatters } from '../../../src/i18n/format';

quietConsole();

const profile = (id: number, staff: boolean): Profile => ({
  id, email: `u${id}@example.com`, first_name: 'U', last_name: String(id), phone: '', address: '', image: null,
  is_staff: staff, is_superuser: false,
});

const ticket = (over: Partial<RaRecord> = {}): RaRecord => ({
  id: 4, title: 'Inversor sin datos', content: 'El inversor no reporta desde ayer', status: 1, status_name: 'Activo',
  type: 1, type_name: 'Falla', customuser: 5, user_fullname: 'Ana Paz', media: null,
  assigned_user_admin: [], assigned_admin_fullname: 'Sin asignar', created_at: '2026-01-01T10:00:00Z', ...over,
});

const tables = (over: Partial<RaRecord> = {}): Tables => ({
  tickets: [ticket(over)],
  'ticket-messages': [
    { id: 11, ticket: 4, customuser: 1, user_fullname: 'Sofía Rojas', is_staff: true, content: 'Revisamos el datalogger', media: null, created_at: '2026-01-02T09:00:00Z' },
    { id: 10, ticket: 4, customuser: 5, user_fullname: 'Ana Paz', is_staff: false, content: 'Sigue sin datos', media: null, created_at: '2026-01-01T12:00:00Z' },
  ],
  'ticket-categories': [{ id: 1, name: 'Falla', description: 'Fallas de equipos' }],
  users: [
    { id: 1, first_name: 'Sofía', last_name: 'Rojas', email: 'sofia@example.com', is_staff: true },
    { id: 2, first_name: 'Luis', last_name: 'Mora', email: 'luis@example.com', is_staff: true },
    { id: 5, first_name: 'Ana', last_name: 'Paz', email: 'ana@example.com', is_staff: false },
  ],
});

/** The harness's provider plus the non-CRUD `call` of the app's dataProvider. */
function provider(data: Tables, fail: Parameters<typeof fakeDataProvider>[1] = {}) {
  const base = fakeDataProvider(data, fail);
  const call = vi.fn(async (resource: string, action: string, { id, data: body }: { id?: number; data?: any } = {}) => {
    if (resource === 'tickets' && action === 'changeStatus') {
      const row = data.tickets.find((t) => t.id === id)!;
      Object.assign(row, { status: body.status, status_name: body.status === 1 ? 'Activo' : 'Cerrado' });
      return row;
    }
    if (resource === 'tickets' && action === 'removeAdmin') {
      const row = data.tickets.find((t) => t.id === id)!;
      Object.assign(row, { assigned_user_admin: [], assigned_admin_fullname: 'Sin asignar' });
      return row;
    }
    throw new Error(`unexpected call ${resource}.${action}`);
  });
  return Object.assign(base, { call });
}

const dialog = (text: string) => screen.queryByRole('dialog', { name: /Excelente|Error/ }) && screen.queryByText(text);

describe('ticket thread', () => {
  it('shows the first post, then the messages oldest first', async () => {
    setProfile(profile(5, false));
    renderAdmin('/tickets/4/show', { dataProvider: provider(tables()), staff: false });
    await waitFor(() => expect(screen.getByText('Revisamos el datalogger')).toBeInTheDocument());
    const first = screen.getByText('El inversor no reporta desde ayer');
    const older = screen.getByText('Sigue sin datos');
    const newer = screen.getByText('Revisamos el datalogger');
    expect(first.compareDocumentPosition(older) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(older.compareDocumentPosition(newer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the staff author carries the 'Soporte' badge
    expect(within(screen.getByRole('listitem', { name: 'Sofía Rojas' })).getByText('Soporte')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inversor sin datos' })).toBeInTheDocument();
  });

  it('a ticket made of an alarm opens with the post of the staff member who made it, its address a link to the alarm', async () => {
    setProfile(profile(5, false));
    const address = `${window.location.origin}/app/alarms/3/show`;
    renderAdmin('/tickets/4/show', {
      dataProvider: provider(tables({
        content: `Ticket creado a partir de la alarma #3.\n\nEnlace: ${address}.`, alarm: 3,
        author: 1, author_fullname: 'Sofía Rojas', author_is_staff: true,
      })),
      staff: false,
    });
    const first = (await screen.findByText(/Ticket creado a partir de la alarma #3/)).closest('li')!;
    expect(first).toHaveAccessibleName('Sofía Rojas');
    expect(within(first).getByText('Soporte')).toBeInTheDocument();
    // The sentence's full stop is not part of the address.
    expect(within(first).getByRole('link', { name: address })).toHaveAttribute('href', '/app/alarms/3/show');
  });

  it('isolates what users wrote for direction in the Arabic thread, and dates its posts in Arabic', async () => {
    setProfile(profile(5, false));
    renderAdmin('/tickets/4/show', { dataProvider: provider(tables()), staff: false, i18n: await i18nIn('ar') });
    await waitFor(() => expect(screen.getByText('Revisamos el datalogger')).toBeInTheDocument());
    // A Spanish message keeps its own direction (its full stop at its end), and so does its author's name.
    expect(screen.getByText('Revisamos el datalogger')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('El inversor no reporta desde ayer')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('heading', { name: 'Inversor sin datos' })).toHaveAttribute('dir', 'auto');
    expect(within(screen.getByRole('listitem', { name: 'Sofía Rojas' })).getByText('Sofía Rojas').tagName).toBe('BDI');
    const time = makeFormatters('ar', true).dateTime('2026-01-02T09:00:00Z').replace(/\s+/g, ' ');
    expect(within(screen.getByRole('listitem', { name: 'Sofía Rojas' })).getByText(time)).toBeInTheDocument();
  });

  it('sends a reply and says so', async () => {
    setProfile(profile(5, false));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/4/show', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Respuesta' })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('textbox', { name: 'Respuesta' }), 'Gracias, quedo atenta');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByText('Mensaje enviado exitosamente.')).toBeInTheDocument());
    expect(dataProvider.create).toHaveBeenCalledWith('ticket-messages', expect.objectContaining({
      data: { content: 'Gracias, quedo atenta', ticket: 4, customuser: 5 },
    }));
    await waitFor(() => expect(screen.getAllByText('Gracias, quedo atenta').length).toBeGreaterThan(0));
  });

  it('refuses a blank reply', async () => {
    setProfile(profile(5, false));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/4/show', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('textbox', { name: 'Respuesta' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByText('El mensaje es requerido')).toBeInTheDocument());
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('shows no dialog when sending fails, and keeps the text', async () => {
    setProfile(profile(5, false));
    const dataProvider = provider(tables(), { create: { 'ticket-messages': { non_field_errors: ['El ticket está cerrado.'] } } });
    renderAdmin('/tickets/4/show', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Respuesta' })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('textbox', { name: 'Respuesta' }), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog', { name: /Excelente|Error/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Respuesta' })).toHaveValue('Hola');
  });

  it('changes the status, says so and reloads the ticket', async () => {
    setProfile(profile(1, true));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/4/show', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Estado del ticket' })).toBeInTheDocument());
    const loads = dataProvider.getOne.mock.calls.length;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado del ticket' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Cerrado' }));
    await waitFor(() => expect(screen.getByText('Estatus del ticket modificado exitosamente.')).toBeInTheDocument());
    expect(dataProvider.call).toHaveBeenCalledWith('tickets', 'changeStatus', { id: 4, data: { status: 2 } });
    await waitFor(() => expect(dataProvider.getOne.mock.calls.length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.getByText('Este ticket está cerrado.')).toBeInTheDocument());
  });

  it('disables the reply box of the customer of a closed ticket, with an explanation', async () => {
    setProfile(profile(5, false));
    renderAdmin('/tickets/4/show', { dataProvider: provider(tables({ status: 2, status_name: 'Cerrado' })), staff: false });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Respuesta' })).toBeDisabled());
    expect(screen.getByText(/El ticket está cerrado y no admite nuevos mensajes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('assigns an administrator: the previous one is removed first, then the update assigns', async () => {
    setProfile(profile(1, true));
    const dataProvider = provider(tables({
      assigned_user_admin: [{ id: 1, first_name: 'Sofía', last_name: 'Rojas', email: 'sofia@example.com', full_name: 'Sofía Rojas' }],
      assigned_admin_fullname: 'Sofía Rojas',
    }));
    renderAdmin('/tickets/4/show', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Administrador asignado' })).toBeInTheDocument());
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.objectContaining({ filter: { is_staff: true } })));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Administrador asignado' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Luis Mora' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Luis Mora' }));
    await userEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.call).toHaveBeenCalledWith('tickets', 'removeAdmin', {
      id: 4, data: { title: 'Inversor sin datos', status: 1, user_admin: 1 },
    });
    expect(dataProvider.update).toHaveBeenCalledWith('tickets', expect.objectContaining({
      id: 4, data: { title: 'Inversor sin datos', status: 1, user_admin: 2 },
    }));
    expect(dataProvider.call.mock.invocationCallOrder[0]).toBeLessThan(dataProvider.update.mock.invocationCallOrder[0]);
    await waitFor(() => expect(dialog('Ticket actualizado exitosamente.')).toBeTruthy());
  });
});

describe('ticket list', () => {
  it("lives at /tickets/list and shows 'Sin asignar' for an unassigned ticket", async () => {
    setProfile(profile(1, true));
    renderAdmin('/tickets/list', { dataProvider: provider(tables()), staff: true });
    // The title is its author's text, isolated for direction.
    await waitFor(() => expect(screen.getByText('\u2068Inversor sin datos\u2069')).toBeInTheDocument());
    expect(screen.getByText('Sin asignar')).toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('Falla')).toBeInTheDocument();
  });

  it('writes its dates in the chosen language and the portal\'s hour, not the browser\'s', async () => {
    setProfile(profile(1, true));
    renderAdmin('/tickets/list', { dataProvider: provider(tables()), staff: true, i18n: await i18nIn('fr') });
    await waitFor(() => expect(screen.getByText('\u2068Inversor sin datos\u2069')).toBeInTheDocument());
    // 10:00 UTC on 1 January is 07:00 in Santiago (UTC-3 in summer).
    expect(screen.getByText(/^1 janv\. 2026, 07:00$/)).toBeInTheDocument();
  });

  it('creates a ticket for the signed-in user, then assigns the chosen administrator, and says so', async () => {
    setProfile(profile(1, true));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/list', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByText('\u2068Inversor sin datos\u2069')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo ticket' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Título/ })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('textbox', { name: /Título/ }), 'Sin conexión');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Categoría/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Falla' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Falla' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Descripción/ }), 'No hay datos');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Administrador asignado/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Luis Mora' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Luis Mora' }));
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(screen.getByText('Ticket creado exitosamente.')).toBeInTheDocument());
    expect(dataProvider.create).toHaveBeenCalledWith('tickets', expect.objectContaining({
      data: expect.objectContaining({ title: 'Sin conexión', type: 1, content: 'No hay datos', status: 1, customuser: 1 }),
    }));
    expect(dataProvider.create.mock.calls[0][1].data).not.toHaveProperty('user_admin');
    expect(dataProvider.update).toHaveBeenCalledWith('tickets', expect.objectContaining({
      data: { title: 'Sin conexión', status: 1, user_admin: 2 },
    }));
    expect(dataProvider.create.mock.invocationCallOrder[0]).toBeLessThan(dataProvider.update.mock.invocationCallOrder[0]);
  });
});

describe('ticket categories', () => {
  it('live at /tickets/categories and validate name and description', async () => {
    setProfile(profile(1, true));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/categories', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByText('Fallas de equipos')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Nueva categoría' })).toBeInTheDocument());
    const form = screen.getByRole('dialog', { name: 'Nueva categoría' });
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(screen.getByText('El nombre es requerido')).toBeInTheDocument());
    expect(screen.getByText('La descripción es requerida')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Nombre/ }), 'Facturación');
    await userEvent.type(within(form).getByRole('textbox', { name: /Descripción/ }), 'Dudas de cobro');
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(screen.getByText('Categoría creada exitosamente.')).toBeInTheDocument());
    expect(dataProvider.create).toHaveBeenCalledWith('ticket-categories', expect.objectContaining({
      data: { name: 'Facturación', description: 'Dudas de cobro' },
    }));
  });
});

describe('no dead ends (issue 11)', () => {
  it("the new-ticket form says what is missing in the app's own words", async () => {
    setProfile(profile(1, true));
    renderAdmin('/tickets/list', { dataProvider: provider(tables()), staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo ticket' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo ticket' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Título/ })).toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(within(form).getByText('El título es requerido')).toBeInTheDocument());
    expect(within(form).getByText('La categoría es requerida')).toBeInTheDocument();
    expect(within(form).getByText('La descripción es requerida')).toBeInTheDocument();
    expect(within(form).queryByText('Requerido')).not.toBeInTheDocument();
  });

  it('an attachment of a type the ticket does not take is refused with a message', async () => {
    setProfile(profile(5, false));
    renderAdmin('/tickets/list', { dataProvider: provider(tables()), staff: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo ticket' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo ticket' });
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] } });
    await screen.findByText('No se puede subir «notas.txt»: ese tipo de archivo no está permitido.');
  });

  it('so is one chosen for a reply', async () => {
    setProfile(profile(5, false));
    const dataProvider = provider(tables());
    renderAdmin('/tickets/4/show', { dataProvider, staff: false });
    await screen.findByText('Sigue sin datos');
    const input = document.querySelector('form input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] } });
    await screen.findByText('No se puede subir «setup.exe»: ese tipo de archivo no está permitido.');
    expect(screen.queryByRole('button', { name: /setup.exe/ })).not.toBeInTheDocument();
  });

  it("another user's ticket leads back to the ticket list", async () => {
    setProfile(profile(5, false));
    renderAdmin('/tickets/99/show', { dataProvider: provider(tables()), staff: false });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/tickets\/list$/));
    await screen.findByRole('button', { name: 'Nuevo ticket' });
  });
});
