/** The brands' screens. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('brands', () => {
  it('deleting a brand says so and reloads the list', async () => {
    const dataProvider = fakeDataProvider({ trademarks: [{ id: 1, name: 'Fronius', image: null }, { id: 2, name: 'Huawei', image: null }] });
    renderAdmin('/trademarks', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Fronius' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(within(await resultDialog()).getByText('Marca eliminada exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Fronius')).not.toBeInTheDocument());
    expect(screen.getByText('Huawei')).toBeInTheDocument();
  });
});

describe('a brand in use (issue 11)', () => {
  it('is not deleted: the error dialog names what uses it and the brand stays', async () => {
    const refusal = 'Ocurrió un error al eliminar la marca: la usan 3 equipos.';
    const dataProvider = fakeDataProvider({ trademarks: [{ id: 1, name: 'Fronius', image: null }] }, { delete: { trademarks: { detail: refusal } } });
    renderAdmin('/trademarks', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Fronius' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Ocurrió un error al eliminar la marca.')).toBeInTheDocument();
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Fronius')).toBeInTheDocument();
  });
});
