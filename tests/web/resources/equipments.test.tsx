/** The equipment screens. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('equipment', () => {
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
