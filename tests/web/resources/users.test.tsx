/** The users' screens: privileges, activation, their projects and tags, the create form. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acceptDialog, fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('users', () => {
  const users = [
    { id: 1, email: 'admin@solar.cl', first_name: 'Admin', last_name: '', is_staff: true, is_superuser: false, is_active: true },
    { id: 7, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '+56 9 1234', address: 'Av. Sol 1', is_staff: false, is_superuser: false, is_active: true },
  ];

  it('an administrator grants the administrator privilege', async () => {
    const tables = { users: structuredClone(users), projects: [], 'tag-users': [] };
    const call = vi.fn(async (_resource: string, _action: string, { id, data }: { id?: number; data?: object } = {}) => Object.assign(tables.users.find((u) => u.id === id)!, data));
    const dataProvider = Object.assign(fakeDataProvider(tables), { call });
    renderAdmin('/users/7/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Otorgar privilegios de administrador' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Otorgar privilegios de administrador' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Excelente')).toBeInTheDocument();
    expect(within(dialog).getByText('Privilegios de usuario modificados exitosamente.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('users', 'permits', { id: 7, data: { is_staff: true } });
    await acceptDialog();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Quitar privilegios de administrador' })).toBeInTheDocument());
  });

  it('an administrator resends the activation link of an inactive user, then activates them', async () => {
    const tables = { users: [...structuredClone(users), { id: 9, email: 'nueva@solar.cl', first_name: 'Nueva', last_name: 'Cuenta', is_staff: false, is_superuser: false, is_active: false }], projects: [], 'tag-users': [] };
    const base = fakeDataProvider(tables);
    const call = vi.fn(async (resource: string, action: string, { id }: { id?: number } = {}) => {
      if (resource === 'users' && action === 'resendActivation') return { detail: 'ok' };
      if (resource === 'users' && action === 'activate') return Object.assign(tables.users.find((u) => u.id === id)!, { is_active: true });
      throw new Error(`unexpected call ${resource}.${action}`);
    });
    const dataProvider = Object.assign(base, { call });
    renderAdmin('/users/9/show', { dataProvider });

    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar el enlace de activación' }));
    let dialog = await resultDialog();
    expect(within(dialog).getByText('Enlace de verificación reenviado exitosamente.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('users', 'resendActivation', { id: 9 });
    await acceptDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Activar usuario' }));
    dialog = await resultDialog();
    expect(within(dialog).getByText('Usuario activado exitosamente.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('users', 'activate', { id: 9 });
    await acceptDialog();
    // Active now: neither action is offered any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Activar usuario' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de activación' })).not.toBeInTheDocument();
  });

  it("an administrator deactivates another's account after a confirmation; it can be activated again", async () => {
    const tables = { users: structuredClone(users), projects: [], 'tag-users': [] };
    const call = vi.fn(async (resource: string, action: string, { id }: { id?: number } = {}) => {
      const row = tables.users.find((u) => u.id === id)!;
      if (resource === 'users' && action === 'deactivate') return Object.assign(row, { is_active: false });
      if (resource === 'users' && action === 'activate') return Object.assign(row, { is_active: true });
      throw new Error(`unexpected call ${resource}.${action}`);
    });
    renderAdmin('/users/7/show', { dataProvider: Object.assign(fakeDataProvider(tables), { call }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar usuario' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('ana@solar.cl no podrá iniciar sesión y sus sesiones abiertas terminarán ahora.');
    expect(call).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desactivar usuario' }));
    expect(within(await resultDialog()).getByText('Usuario desactivado exitosamente.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('users', 'deactivate', { id: 7 });
    await acceptDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Activar usuario' }));
    expect(within(await resultDialog()).getByText('Usuario activado exitosamente.')).toBeInTheDocument();
  });

  it("an account with tickets is not deleted: the dialog says why, in the server's words", async () => {
    const detail = 'Ocurrió un error al eliminar el usuario: tiene 2 tickets.';
    const dataProvider = fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] }, { delete: { users: { detail } } });
    renderAdmin('/users/7/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Ocurrió un error al eliminar el usuario.')).toBeInTheDocument();
    expect(within(dialog).getByText(detail)).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('users', expect.objectContaining({ id: 7 }));
  });

  it('a refused resend or activation says so, with the server\'s reason', async () => {
    const tables = { users: [{ id: 9, email: 'apagada@solar.cl', first_name: 'Apagada', last_name: '', is_staff: false, is_superuser: true, is_active: false }], projects: [], 'tag-users': [] };
    const call = vi.fn(async (_resource: string, action: string) => {
      throw Object.assign(new Error('HTTP'), action === 'activate'
        ? { status: 403, body: { detail: 'Solo un superusuario puede modificar los privilegios de otro superusuario.' } }
        : { status: 400, body: { non_field_errors: ['La cuenta está desactivada. Contacte al administrador.'] } });
    });
    renderAdmin('/users/9/show', { dataProvider: Object.assign(fakeDataProvider(tables), { call }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar el enlace de activación' }));
    let dialog = await resultDialog();
    expect(within(dialog).getByText('Ocurrió un error al reenviar el enlace')).toBeInTheDocument();
    expect(within(dialog).getByText('La cuenta está desactivada. Contacte al administrador.')).toBeInTheDocument();
    await acceptDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Activar usuario' }));
    dialog = await resultDialog();
    expect(within(dialog).getByText('Ocurrió un error al activar el usuario.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Solo un superusuario/)).toBeInTheDocument();
  });

  it('no privilege button on one\'s own account, and no empty action bar above it (a blank strip on a phone)', async () => {
    const { container } = renderAdmin('/users/1/show', { dataProvider: fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] }) });
    await waitFor(() => expect(screen.getByText('admin@solar.cl')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /privilegios de administrador/ })).not.toBeInTheDocument();
    expect(container.querySelector('[class*="RaTopToolbar-root"]')).toBeNull();
  });

  it('lists the projects and tags of a user', async () => {
    const dataProvider = fakeDataProvider({
      users: structuredClone(users),
      projects: [{ id: 1, name: 'Parque Norte' }, { id: 2, name: 'Parque Sur' }],
      'project-users': [{ id: 11, user_project: 2, users: 7, project_name: 'Parque Sur' }, { id: 12, user_project: 1, users: 1, project_name: 'Parque Norte' }],
      'tag-users': [{ id: 21, tag: 4, customuser: 7, tag_name: 'Zona centro', user_email: 'ana@solar.cl' }],
    });
    renderAdmin('/users/7/show/projects', { dataProvider });
    await waitFor(() => expect(screen.getByText('Parque Sur')).toBeInTheDocument());
    expect(screen.queryByText('Parque Norte')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Etiquetas' }));
    await waitFor(() => expect(screen.getByText('Zona centro')).toBeInTheDocument());
  });

  // In Arabic its digit groups would otherwise run in reverse ('1234 9 56+'): seen in Chromium, not in jsdom,
  // so what is checked is that the number is laid out left to right wherever it is shown or typed.
  it('a phone number reads left to right on the user page, the list and the create form', async () => {
    const dataProvider = fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] });
    const { unmount } = renderAdmin('/users/7/show', { dataProvider });
    expect((await screen.findByText('+56 9 1234')).closest('[dir="ltr"]')).not.toBeNull();
    unmount();
    const list = renderAdmin('/users', { dataProvider });
    expect((await screen.findByText('+56 9 1234')).closest('[dir="ltr"]')).not.toBeNull();
    list.unmount();
    renderAdmin('/users/create', { dataProvider });
    expect(await screen.findByRole('textbox', { name: /Teléfono/ })).toHaveAttribute('dir', 'ltr');
  });

  it("a detail page's tabs scroll sideways when they do not fit, instead of the last one being cut off", async () => {
    renderAdmin('/users/7/show', { dataProvider: fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] }) });
    const tabs = await screen.findByRole('tablist');
    expect(tabs.closest('.MuiTabs-scroller')).toHaveClass('MuiTabs-scrollableX');
  });

  it("an administrator corrects another's details from the user page", async () => {
    const dataProvider = fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] });
    renderAdmin('/users/7/show', { dataProvider });
    await userEvent.click(await screen.findByRole('link', { name: 'Editar' }));
    const address = await screen.findByRole('textbox', { name: /Dirección/ });
    await userEvent.clear(address);
    await userEvent.type(address, 'Av. Luna 2');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Datos del usuario modificados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('users', expect.objectContaining({ id: '7', data: expect.objectContaining({ address: 'Av. Luna 2', email: 'ana@solar.cl' }) }));
  });

  it('the create form validates as SPEC §5 says and reports a taken e-mail', async () => {
    const dataProvider = fakeDataProvider({ users: [] }, {
      create: { users: { non_field_errors: ['Este correo electrónico ya se encuentra registrado.'] } },
    });
    renderAdmin('/users/create', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    for (const message of ['Por favor ingresa el Nombre', 'Por favor ingresa Apellido', 'Por favor ingresa Correo Electrónico',
      'Por favor ingresa Teléfono', 'Por favor ingresa Dirección']) {
      await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    }
    // No password is needed: left empty, the person is invited to choose theirs.
    expect(screen.queryByText('Por favor ingresa tu Contraseña')).not.toBeInTheDocument();
    expect(screen.getByText('Déjala en blanco para enviarle una invitación por correo: elegirá su propia contraseña.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Correo Electrónico/ }), 'no-es-correo');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByText('Por favor ingresa un Correo Electrónico valido')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Debe tener entre 4 y 16 caracteres')).toBeInTheDocument());

    const fill = async (label: RegExp, value: string) => {
      const input = screen.getByRole('textbox', { name: label });
      await userEvent.clear(input);
      await userEvent.type(input, value);
    };
    await fill(/^Nombre/, 'Luis');
    await fill(/Apellido/, 'Rojas');
    await fill(/Correo Electrónico/, 'luis@solar.cl');
    await fill(/Teléfono/, '+56 9 5555');
    await fill(/Dirección/, 'Calle 2');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'd1234');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Este correo electrónico ya se encuentra registrado.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('users', expect.objectContaining({
      data: expect.objectContaining({ email: 'luis@solar.cl', password: 'abcd1234', is_staff: false }),
    }));
  });
});
