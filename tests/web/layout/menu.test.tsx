/** The sidebar as each role reads it (issue 33): 'Mantenedores' is the staff's word for their catalogue work. */
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Menu } from '../../../src/layout/Menu';
import { fakeDataProvider, quietConsole, renderAdmin } from '../../../testing/web';

quietConsole();
const routes = <Route path="/menu" element={<Menu />} />;

describe('the menu', () => {
  it("groups staff's catalogue work under 'Mantenedores'", async () => {
    renderAdmin('/menu', { dataProvider: fakeDataProvider({}), staff: true, routes });
    const group = await screen.findByRole('group', { name: 'Mantenedores' });
    expect(within(group).getByRole('menuitem', { name: 'Proyectos' })).toBeInTheDocument();
  });

  it("shows a customer their projects without the staff's word 'Mantenedores'", async () => {
    renderAdmin('/menu', { dataProvider: fakeDataProvider({}), staff: false, routes });
    expect(await screen.findByRole('menuitem', { name: 'Proyectos' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mantenedores')).not.toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Mantenedores' })).not.toBeInTheDocument();
  });
});
