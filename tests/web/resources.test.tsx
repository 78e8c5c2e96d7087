/**
 * The resource screens as a user sees them: lists with their empty texts and search, forms with the
 * SPEC §5 validation, and the SPEC §8 'Excelente' / 'Error' dialogs and toasts after each call.
 */
import { cleanup, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '../../src/resources/profile/ProfilePage';
import { fakeDataProvider, renderAdmin } from '../../testing/web';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The open result dialog, once it shows. */
const resultDialog = () => screen.findByRole('dialog', { name: /Excelente|Error/ }, { timeout: 5000 });

/** Presses 'Aceptar' and waits until the dialog is gone (after a navigation, wait for the new page first). */
async function acceptDialog() {
  await resultDialog();
  await waitFor(() => {
    const button = screen.queryByRole('button', { name: 'Aceptar' });
    if (button) fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: /Excelente|Error/ })).not.toBeInTheDocument();
  });
}

describe('lists', () => {
  it('say that there are no projects yet', async () => {
    const dataProvider = fakeDataProvider({ projects: [] });
    renderAdmin('/projects', { dataProvider });
    await waitFor(() => expect(screen.getByText('No hay proyectos registrados')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Crear/ })).toBeInTheDocument();
  });

  it('offer no create button to ordinary users', async () => {
    renderAdmin('/projects', { dataProvider: fakeDataProvider({ projects: [{ id: 1, name: 'Parque Norte', plants_count: 0 }] }), staff: false });
    await waitFor(() => expect(screen.getByText('Parque Norte')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Crear/ })).not.toBeInTheDocument();
  });

  it.each([
    ['/users', 'No hay usuarios registrados'],
    ['/tags', 'No hay etiquetas registradas'],
    ['/notifications', 'No hay notificaciones registradas'],
    ['/tickets', 'No hay tickets registrados'],
    ['/ticket-categories', 'No hay categorías registradas'],
    ['/trademarks', 'No hay marcas registradas'],
    ['/equipments', 'No hay equipos registrados'],
  ])('%s has its own empty text', async (path, text) => {
    renderAdmin(path, { dataProvider: fakeDataProvider({}) });
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
  });

  it('page, sort and search on the server', async () => {
    const projects = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Proyecto ${String(i + 1).padStart(2, '0')}`, plants_count: 1, image_project: null }));
    const dataProvider = fakeDataProvider({ projects });
    renderAdmin('/projects', { dataProvider });
    await waitFor(() => expect(screen.getByText('Proyecto 01')).toBeInTheDocument());
    expect(screen.queryByText('Proyecto 26')).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenLastCalledWith('projects', expect.objectContaining({
      pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' },
    }));

    await userEvent.click(screen.getByRole('button', { name: /Ordenar por nombre/ }));
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('projects', expect.objectContaining({
      sort: { field: 'name', order: 'DESC' },
    })));

    await userEvent.type(screen.getByPlaceholderText('Buscar'), '07');
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith('projects', expect.objectContaining({
      filter: { q: '07' },
    })));
    await waitFor(() => expect(screen.getByText('Proyecto 07')).toBeInTheDocument());
  });
});

describe('project forms', () => {
  it('require a name, then create and say so', async () => {
    const dataProvider = fakeDataProvider({ projects: [] });
    renderAdmin('/projects/create', { dataProvider });
    const save = await screen.findByRole('button', { name: 'Guardar' });
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByText('El nombre es requerido')).toBeInTheDocument());
    expect(dataProvider.create).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Parque Maipú');
    await userEvent.click(save);
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Excelente')).toBeInTheDocument();
    expect(within(dialog).getByText('Proyecto creado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('projects', expect.objectContaining({
      data: expect.objectContaining({ name: 'Parque Maipú' }),
    }));
    // The new project's page opens behind the dialog.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Parque Maipú', hidden: true })).toBeInTheDocument());
    await acceptDialog();
  });

  it('show the error dialog when the server refuses', async () => {
    const dataProvider = fakeDataProvider({ projects: [] }, { create: { projects: { name: ['Nombre inválido.'] } } });
    renderAdmin('/projects/create', { dataProvider });
    await userEvent.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Ocurrió un error al crear el proyecto.')).toBeInTheDocument();
    expect(within(dialog).getByText('Nombre inválido.')).toBeInTheDocument();
  });

  it('update and delete a project with their own messages', async () => {
    const dataProvider = fakeDataProvider({ projects: [{ id: 3, name: 'Viejo', image_project: null, plants_count: 0 }] });
    renderAdmin('/projects/3', { dataProvider });
    const name = await screen.findByDisplayValue('Viejo');
    await userEvent.clear(name);
    await userEvent.type(name, 'Nuevo');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Proyecto actualizado exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Nuevo', hidden: true })).toBeInTheDocument());
    await acceptDialog();

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(within(await resultDialog()).getByText('Proyecto eliminado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith('projects', expect.objectContaining({ id: 3 }));
  });
});

describe('users', () => {
  const users = [
    { id: 1, email: 'admin@solar.cl', first_name: 'Admin', last_name: '', is_staff: true, is_superuser: false, is_active: true },
    { id: 7, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '+56 9 1234', address: 'Av. Sol 1', is_staff: false, is_superuser: false, is_active: true },
  ];

  it('an administrator grants the administrator privilege', async () => {
    const dataProvider = fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] });
    renderAdmin('/users/7/show', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Otorgar privilegios de administrador' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Otorgar privilegios de administrador' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Excelente')).toBeInTheDocument();
    expect(within(dialog).getByText('Privilegios de usuario modificados exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('users', expect.objectContaining({ id: 7, data: { is_staff: true } }));
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

  it('no privilege button on one\'s own account', async () => {
    renderAdmin('/users/1/show', { dataProvider: fakeDataProvider({ users: structuredClone(users), projects: [], 'tag-users': [] }) });
    await waitFor(() => expect(screen.getByText('admin@solar.cl')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /privilegios de administrador/ })).not.toBeInTheDocument();
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

  it('the create form validates as SPEC §5 says and reports a taken e-mail', async () => {
    const dataProvider = fakeDataProvider({ users: [] }, {
      create: { users: { non_field_errors: ['Este correo electrónico ya se encuentra registrado.'] } },
    });
    renderAdmin('/users/create', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    for (const message of ['Por favor ingresa el Nombre', 'Por favor ingresa Apellido', 'Por favor ingresa Correo Electrónico',
      'Por favor ingresa Teléfono', 'Por favor ingresa Dirección', 'Por favor ingresa tu Contraseña']) {
      await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    }
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

describe('tags', () => {
  it('the list counts a tag\'s users for staff only (the API tells nobody else)', async () => {
    const tags = [{ id: 4, name: 'Zona centro', users_count: 3, projects_count: 2 }];
    renderAdmin('/tags', { dataProvider: fakeDataProvider({ tags }) });
    await waitFor(() => expect(screen.getByText('Zona centro')).toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Usuarios' })).toBeInTheDocument();
    cleanup();
    renderAdmin('/tags', { dataProvider: fakeDataProvider({ tags: [{ id: 4, name: 'Zona centro', projects_count: 2 }] }), staff: false });
    await waitFor(() => expect(screen.getByText('Zona centro')).toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Proyectos' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Usuarios' })).not.toBeInTheDocument();
  });

  it('an administrator adds a user to a tag and is told so', async () => {
    const dataProvider = fakeDataProvider({
      tags: [{ id: 4, name: 'Zona centro', users_count: 0, projects_count: 0 }],
      'tag-users': [], 'tag-projects': [],
      users: [{ id: 7, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz' }],
    });
    renderAdmin('/tags/4/show/users', { dataProvider });
    await waitFor(() => expect(screen.getByText('Esta etiqueta no tiene usuarios')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario a la etiqueta' }));
    const form = await screen.findByRole('dialog');
    await userEvent.type(within(form).getByRole('combobox'), 'Ana');
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Paz (ana@solar.cl)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Usuario agregado a la etiqueta exitosamente.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('tag-users', expect.objectContaining({ data: expect.objectContaining({ tag: 4, customuser: 7 }) }));
  });
});

describe('brands and equipment', () => {
  it('deleting a brand says so and reloads the list', async () => {
    const dataProvider = fakeDataProvider({ trademarks: [{ id: 1, name: 'Fronius', image: null }, { id: 2, name: 'Huawei', image: null }] });
    renderAdmin('/trademarks', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Fronius' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(within(await resultDialog()).getByText('Marca eliminada exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Fronius')).not.toBeInTheDocument());
    expect(screen.getByText('Huawei')).toBeInTheDocument();
  });

  it('a failed equipment update shows its error', async () => {
    const dataProvider = fakeDataProvider(
      { equipments: [{ id: 5, name: 'Symo', image: null, trademark: null, model: '', station_code: '', description: '' }], trademarks: [] },
      { update: { equipments: {} } },
    );
    renderAdmin('/equipments/5', { dataProvider });
    await userEvent.type(await screen.findByDisplayValue('Symo'), ' 10');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Ocurrió un error al actualizar el equipo.')).toBeInTheDocument();
  });
});

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

describe('own profile', () => {
  const profile = { id: 'me', email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '', image: null };
  const routes = <Route path="/profile/me" element={<ProfilePage />} />;

  it('saves and says so', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile }] });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    const first = await screen.findByDisplayValue('Ana');
    await userEvent.clear(first);
    await userEvent.type(first, 'Anita');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Perfil actualizado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('profile', expect.objectContaining({ data: expect.objectContaining({ first_name: 'Anita' }) }));
  });

  it('reports a failed update', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile }] }, { update: { profile: {} } });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    await userEvent.type(await screen.findByDisplayValue('Ana'), 'lia');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Ocurrió un error al actualizar el perfil')).toBeInTheDocument();
  });
});
