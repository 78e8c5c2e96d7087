/** The tags' screens. */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

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

describe('tag names (issue 11)', () => {
  it('a name another tag has is refused, with the reason', async () => {
    const dataProvider = fakeDataProvider({ tags: [{ id: 4, name: 'Zona centro' }] }, { create: { tags: { name: ['Ya existe una etiqueta con este nombre.'] } } });
    renderAdmin('/tags/create', { dataProvider });
    await userEvent.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'zona centro');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Ya existe una etiqueta con este nombre.')).toBeInTheDocument();
  });
});
