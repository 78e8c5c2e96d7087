/**
 * Notifications as a user sees them: the staff's sent list and send form (posted to the call of the
 * chosen type, list reloaded), an ordinary user's received list, and the bell in the top bar.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import { NotificationBell } from '../../../src/components/NotificationBell';
import { resourceTable } from '../../../src/providers/resourceTable';
import { fakeDataProvider, phoneScreen, quietConsole, renderAdmin, type Tables } from '../../../testing/web';

quietConsole();

const tables = (): Tables => ({
  notifications: [
    { id: 1, type_notification: 1, type_name: 'Usuarios de etiqueta', title: 'Mantención programada', message: 'El lunes', tag: 3, tag_name: 'Norte', project: null, project_name: null, recipients_count: 4, created_at: '2026-01-01T10:00:00Z' },
  ],
  'notification-types': [{ id: 1, name: 'Tag user' }, { id: 2, name: 'Project user' }, { id: 3, name: 'Users' }],
  projects: [{ id: 7, name: 'Parque Sur' }],
  tags: [{ id: 3, name: 'Norte' }],
  users: [{ id: 5, first_name: 'Ana', last_name: 'Paz', email: 'ana@example.com', is_staff: false }],
  'user-notifications': [
    { id: 21, notification: 9, title: 'Nueva respuesta', message: 'Soporte respondió a tu ticket', type_notification: 3, ticket: null, created_at: '2026-01-03T10:00:00Z', read_at: null, read: false },
    { id: 20, notification: 8, title: 'Aviso leído', message: 'Ya lo viste', type_notification: 3, ticket: null, created_at: '2026-01-02T10:00:00Z', read_at: '2026-01-02T11:00:00Z', read: true },
  ],
});

/** The harness's provider plus the bell's calls of the app's dataProvider. */
function provider(data: Tables) {
  const base = fakeDataProvider(data);
  const rows = () => data['user-notifications'];
  const call = vi.fn(async (resource: string, action: string, { id }: { id?: number } = {}) => {
    if (resource !== 'user-notifications') throw new Error(`unexpected call ${resource}.${action}`);
    if (action === 'unreadCount') return { count: rows().filter((r) => !r.read).length };
    if (action === 'read') {
      const row = rows().find((r) => r.id === id)!;
      Object.assign(row, { read: true, read_at: '2026-01-04T10:00:00Z' });
      return row;
    }
    if (action === 'readAll') {
      const unread = rows().filter((r) => !r.read);
      unread.forEach((r) => Object.assign(r, { read: true }));
      return { count: unread.length };
    }
    throw new Error(`unexpected call ${resource}.${action}`);
  });
  return Object.assign(base, { call });
}


/** A title or message as the lists show it: people's text, isolated for direction (a Spanish one in Arabic keeps its full stop at its end). */
const own = (text: string) => `\u2068${text}\u2069`;
describe('notifications screen', () => {
  it('on a phone, says under each title its type and whom it went to, the tag as its author wrote it', async () => {
    phoneScreen();
    renderAdmin('/notifications', { dataProvider: provider(tables()), staff: true });
    expect(await screen.findByText(own('Mantención programada'))).toBeInTheDocument();
    // The tag's name is users' text: isolated for direction, so in Arabic the '·' stays between the two.
    expect(screen.getByText('Usuarios de una etiqueta · \u2068Norte\u2069')).toBeInTheDocument();
  });

  it('lists what staff sent, and sends to the call of the chosen type, then reloads the list', async () => {
    const data = tables();
    const dataProvider = provider(data);
    dataProvider.create.mockImplementation(async (_resource: string, { data: body }: { data: RaRecord }) => {
      const record = { ...body, id: 2, type_name: 'Usuarios de proyecto', project_name: 'Parque Sur', tag_name: null, recipients_count: 2, created_at: '2026-02-01T10:00:00Z' };
      data.notifications.push(record as RaRecord);
      return { data: record };
    });
    renderAdmin('/notifications', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByText(own('Mantención programada'))).toBeInTheDocument());
    expect(screen.getByText('Norte')).toBeInTheDocument();
    const loads = dataProvider.getList.mock.calls.filter(([r]) => r === 'notifications').length;

    await userEvent.click(screen.getByRole('button', { name: 'Enviar notificación' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Tipo/ })).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Tipo/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Usuarios de un proyecto' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Usuarios de un proyecto' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Proyecto/ })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('combobox', { name: /Proyecto/ }), 'Parque');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Parque Sur' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Parque Sur' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Título/ }), 'Corte de energía');
    await userEvent.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'Mañana de 9 a 11');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(screen.getByText('Notificación enviada exitosamente.')).toBeInTheDocument());
    const body = { type_notification: 2, project: 7, title: 'Corte de energía', message: 'Mañana de 9 a 11' };
    expect(dataProvider.create).toHaveBeenCalledWith('notifications', expect.objectContaining({ data: body }));
    // the app's dataProvider posts that body to the call of type 2
    expect((resourceTable.notifications.create as (d: object) => string)(body)).toBe('/notification-project-user/create');
    await waitFor(() => expect(dataProvider.getList.mock.calls.filter(([r]) => r === 'notifications').length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.getByText(own('Corte de energía'))).toBeInTheDocument());
  });

  it('says when sending fails', async () => {
    const dataProvider = Object.assign(fakeDataProvider(tables(), { create: { notifications: { non_field_errors: ['No hay usuarios a quienes enviar la notificación.'] } } }), { call: vi.fn() });
    renderAdmin('/notifications', { dataProvider, staff: true });
    await waitFor(() => expect(screen.getByText(own('Mantención programada'))).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Enviar notificación' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Tipo/ })).toBeInTheDocument());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Tipo/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Usuarios de una etiqueta' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Usuarios de una etiqueta' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Etiqueta/ })).toBeInTheDocument());
    await userEvent.type(screen.getByRole('combobox', { name: /Etiqueta/ }), 'Nor');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Norte' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'Norte' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Título/ }), 'T');
    await userEvent.type(screen.getByRole('textbox', { name: /Mensaje/ }), 'M');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByText('Ocurrió un error al enviar la notificación.')).toBeInTheDocument());
    expect(dataProvider.create).toHaveBeenCalledWith('notifications', expect.objectContaining({
      data: { type_notification: 1, tag: 3, title: 'T', message: 'M' },
    }));
  });

  it('shows an ordinary user the notifications they received', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/notifications', { dataProvider, staff: false });
    await waitFor(() => expect(screen.getByText(own('Nueva respuesta'))).toBeInTheDocument());
    expect(screen.getByText(own('Aviso leído'))).toBeInTheDocument();
    expect(dataProvider.getList).not.toHaveBeenCalledWith('notifications', expect.anything());
  });
});

describe('the bell', () => {
  it('shows the unread count and marks a notification as read', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/bell', { dataProvider, staff: false, routes: <Route path="/bell" element={<NotificationBell />} /> });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    await waitFor(() => expect(screen.getByText(own('Nueva respuesta'))).toBeInTheDocument());
    expect(screen.getByText(own('Soporte respondió a tu ticket'))).toBeInTheDocument();
    await userEvent.click(screen.getByText(own('Nueva respuesta')));
    await waitFor(() => expect(dataProvider.call).toHaveBeenCalledWith('user-notifications', 'read', { id: 21 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones: 0 sin leer' })).toBeInTheDocument());
  });

  // Issue 33: the bell's list held buttons straight in its <ul>, and unread ones differed by weight alone.
  it('lists the notifications as list items, an unread one saying so in words', async () => {
    const dataProvider = provider(tables());
    renderAdmin('/bell', { dataProvider, staff: false, routes: <Route path="/bell" element={<NotificationBell />} /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    const items = await within(screen.getByRole('dialog', { name: 'Notificaciones' })).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [unread, read] = items;
    expect(within(unread).getByRole('button')).toHaveTextContent(/^no leída/);
    expect(within(read).getByRole('button')).not.toHaveTextContent('no leída');
  });

  it('marks all as read', async () => {
    const data = tables();
    data['user-notifications'][1].read = false;
    const dataProvider = provider(data);
    renderAdmin('/bell', { dataProvider, staff: true, routes: <Route path="/bell" element={<NotificationBell />} /> });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones: 2 sin leer' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Notificaciones: 2 sin leer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(dataProvider.call).toHaveBeenCalledWith('user-notifications', 'readAll'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled());
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Notificaciones' }), { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones: 0 sin leer' })).toBeInTheDocument());
  });
});

describe('no dead ends (issue 11)', () => {
  it("titles the customer's page 'Notificaciones', not with a raw resource key", async () => {
    const title = Object.assign(document.createElement('div'), { id: 'react-admin-title' });
    document.body.appendChild(title);
    try {
      renderAdmin('/notifications', { dataProvider: provider(tables()), staff: false });
      await waitFor(() => expect(title).toHaveTextContent(/^Notificaciones$/));
    } finally {
      title.remove();
    }
  });

  it('names a type the same in the list as in the send form', async () => {
    const data = tables();
    data.notifications[0] = { ...data.notifications[0], type_notification: 3, type_name: 'Usuarios seleccionados', tag: null, tag_name: null };
    renderAdmin('/notifications', { dataProvider: provider(data), staff: true });
    await waitFor(() => expect(screen.getAllByText('Usuarios elegidos').length).toBeGreaterThan(0));
    expect(screen.queryByText('Usuarios seleccionados')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar notificación' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Tipo/ }));
    await screen.findByRole('option', { name: 'Usuarios elegidos' });
  });

  it("the send form says 'El mensaje es requerido', not a bare 'Requerido'", async () => {
    renderAdmin('/notifications', { dataProvider: provider(tables()), staff: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar notificación' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await screen.findByText('El mensaje es requerido');
    expect(screen.getByText('El título es requerido')).toBeInTheDocument();
  });

  it('opens the send form at /notifications/create, and closing it goes back to the list', async () => {
    renderAdmin('/notifications/create', { dataProvider: provider(tables()), staff: true });
    expect(await screen.findByRole('combobox', { name: /Tipo/ })).toBeInTheDocument();
    expect(await screen.findByText(own('Mantención programada'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Tipo/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Enviar notificación' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications/create'));
  });

  it("a customer at /notifications/create gets the access-denied page, not someone's send form", async () => {
    renderAdmin('/notifications/create', { dataProvider: provider(tables()), staff: false });
    await screen.findByText('No tienes los permisos necesarios para acceder a esta página');
    expect(screen.getByTestId('location')).toHaveTextContent('/access-denied');
  });
});

describe("the bell's 'Ver todas' (issue 33)", () => {
  it('takes staff to the notifications they received, the ones the bell lists, not to those they sent', async () => {
    const data = tables();
    data.notifications = [];
    data['user-notifications'].push({
      id: 22, notification: 10, title: 'Alarma: sin producción', message: 'Planta Maipú', type_notification: 3, ticket: null, alarm: 5,
      created_at: '2026-01-04T10:00:00Z', read_at: null, read: false,
    });
    const dataProvider = provider(data);
    renderAdmin('/bell', { dataProvider, staff: true, routes: <Route path="/bell" element={<NotificationBell />} /> });
    await userEvent.click(await screen.findByRole('button', { name: /^Notificaciones: 2 sin leer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ver todas' }));
    // The bell's items and the older ones, read or not.
    for (const title of ['Alarma: sin producción', 'Nueva respuesta', 'Aviso leído']) {
      expect(await screen.findByText(own(title))).toBeInTheDocument();
    }
    expect(screen.queryByText('No hay notificaciones registradas')).not.toBeInTheDocument();
    // Staff can go over to what they sent, and back.
    expect(screen.getByRole('tab', { name: 'Recibidas' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Enviadas' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/));
    expect(await screen.findByText('No hay notificaciones registradas')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Recibidas' }));
    expect(await screen.findByText(own('Nueva respuesta'))).toBeInTheDocument();
  });

  it("opens an alarm's notification on the alarm, as the bell does, and marks it read", async () => {
    const data = tables();
    data['user-notifications'].unshift({
      id: 22, notification: 10, title: 'Alarma: sin producción', message: 'Planta Maipú', type_notification: 3, ticket: null, alarm: 5,
      created_at: '2026-01-04T10:00:00Z', read_at: null, read: false,
    });
    const dataProvider = provider(data);
    renderAdmin('/notifications/received', { dataProvider, staff: true });
    await userEvent.click(await screen.findByText(own('Alarma: sin producción')));
    await waitFor(() => expect(dataProvider.call).toHaveBeenCalledWith('user-notifications', 'read', { id: 22 }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alarms/5/show'));
  });
});
