/** The configuration page: the settings row and the communes. */
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

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
