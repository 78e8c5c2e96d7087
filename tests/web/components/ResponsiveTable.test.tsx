/**
 * On a 390 px phone every list is react-admin's SimpleList (no table wider than the screen), its
 * create button stays on the page, row actions stay reachable, and a dialog's buttons are inside
 * the dialog (react-admin's form toolbar is otherwise fixed to the bottom of the screen).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeDataProvider, phoneScreen, quietConsole, renderAdmin } from '../../../testing/web';

quietConsole();
beforeEach(() => phoneScreen());

describe('lists on a phone', () => {
  it('the brands are a simple list whose rows open the brand', async () => {
    renderAdmin('/trademarks', { dataProvider: fakeDataProvider({ trademarks: [{ id: 1, name: 'Fronius', image: null }] }) });
    const row = await screen.findByRole('link', { name: /Fronius/ });
    expect(row).toHaveAttribute('href', '/trademarks/1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the tickets are a simple list with their status, and "Nuevo ticket" stays on the page', async () => {
    const tickets = [{ id: 3, title: 'Baja producción', type_name: 'Producción', status: 1, user_fullname: 'Ana Paz', created_at: '2026-05-02T10:00:00Z' }];
    renderAdmin('/tickets/list', { dataProvider: fakeDataProvider({ tickets, 'ticket-categories': [] }), staff: false });
    const row = await screen.findByRole('link', { name: /Baja producción/ });
    expect(within(row).getByText('\u2068Producción\u2069')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo ticket' });
    // The form's buttons are in the dialog, not fixed to the bottom of the screen behind its backdrop.
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(getComputedStyle(save.closest('.RaToolbar-mobileToolbar')!).position).toBe('static');
  });

  it('a ticket category row keeps its edit and delete buttons', async () => {
    renderAdmin('/tickets/categories', {
      dataProvider: fakeDataProvider({ 'ticket-categories': [{ id: 2, name: 'Facturación', description: 'Cobros y tarifas' }] }),
    });
    await waitFor(() => expect(screen.getByText('Cobros y tarifas')).toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar: Facturación' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar: Facturación' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva categoría' })).toBeInTheDocument();
  });
});
