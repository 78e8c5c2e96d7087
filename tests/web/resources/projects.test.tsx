/** The projects' screens: the list (empty text, no create button for customers, paging, order and search on the server) and the forms with their dialogs. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acceptDialog, fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('projects list', () => {
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

describe('a project that is not the customer\'s (issue 11)', () => {
  it('answers the one access-denied page, named in the top bar like every page', async () => {
    // Where the app bar shows a page's title (the test layout has no app bar).
    const bar = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'react-admin-title' }));
    renderAdmin('/projects/99/show', { dataProvider: fakeDataProvider({ projects: [] }), staff: false });
    await screen.findByText('No tienes los permisos necesarios para acceder a esta página');
    expect(screen.getByTestId('location')).toHaveTextContent('/access-denied');
    await waitFor(() => expect(bar).toHaveTextContent('Acceso denegado'));
    bar.remove();
  });
});
