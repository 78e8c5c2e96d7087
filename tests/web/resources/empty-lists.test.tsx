/** Each resource list's own empty text. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, quietConsole, renderAdmin } from '../../../testing/web';

quietConsole();

describe('lists', () => {
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
});
