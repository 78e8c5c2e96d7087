/**
 * The plant's "Compartir" dialog as its owner sees it: the links with when each was last opened,
 * making one with an expiry (its address shown once, to copy) and revoking one.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from '../../../src/components/ShareLinks';
import { fakeDataProvider, quietConsole, renderAdmin } from '../../../testing/web';
import { calls, mockFetch } from '../../../testing/fetch-mock';
import type { ShareLink } from '../../../src/providers/shareLinks';

const LINK: ShareLink = {
  id: 3, plant: 7, title: null, state: 'active', created_at: '2026-03-01T13:00:00.000Z', expires_at: '2026-04-01T13:00:00.000Z',
  revoked_at: null, last_opened_at: '2026-03-10T15:04:00.000Z', created_by: { id: 5, name: 'Marta Rojas' },
};
const OLD: ShareLink = { ...LINK, id: 2, title: 'Hall', state: 'expired', last_opened_at: null, created_by: null };
const TOKEN = 'q3Zx-1v_abcdefghijklmnopqrstuvwxyzABCDEFGHI';

quietConsole();
afterEach(() => vi.unstubAllGlobals());

function serve() {
  let links: ShareLink[] = [LINK, OLD];
  mockFetch((call) => {
    if (call.url.pathname === '/api/share-link/plant/7' && call.method === 'GET') return { body: links };
    if (call.url.pathname === '/api/share-link/plant/7' && call.method === 'POST') {
      const made = { ...LINK, id: 4, last_opened_at: null, expires_at: (call.body as { expires_at: string }).expires_at };
      links = [made, ...links];
      return { status: 201, body: { ...made, token: TOKEN } };
    }
    if (call.url.pathname === '/api/share-link/3/revoke') {
      links = links.map((l): ShareLink => (l.id === 3 ? { ...l, state: 'revoked', revoked_at: '2026-03-10T16:00:00.000Z' } : l));
      return { body: links.find((l) => l.id === 3) };
    }
    return { body: {} };
  });
}

async function open() {
  renderAdmin('/panel', { dataProvider: fakeDataProvider({}), staff: false, routes: <Route path="/panel" element={<ShareButton plant={7} plantName="Casa Rojas" />} /> });
  fireEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
  return screen.findByRole('dialog', { name: 'Compartir la planta' });
}

describe('the share dialog', () => {
  it('lists the links with their state, author and last opening', async () => {
    serve();
    const dialog = await open();
    const list = await within(dialog).findByRole('list', { name: 'Enlaces creados' });
    const [active, expired] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('Casa Rojas');
    expect(active).toHaveTextContent('Activo');
    expect(active).toHaveTextContent(/Creado el .* por Marta Rojas/);
    expect(active).toHaveTextContent('Última apertura: 10-03-2026, 12:04 p. m.');
    expect(expired).toHaveTextContent('Hall');
    expect(expired).toHaveTextContent('Expirado');
    expect(expired).toHaveTextContent('Nunca abierto');
    expect(within(expired).queryByRole('button', { name: 'Revocar' })).not.toBeInTheDocument();
  });

  it('makes a link of the expiry chosen and shows its address once, to copy', async () => {
    serve();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Expira en' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 semana' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nombre a mostrar/ }), 'Escuela');
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    const address = await within(dialog).findByDisplayValue(`${window.location.origin}/share/${TOKEN}`);
    expect(address).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    const body = post.body as { expires_at: string; title: string };
    expect(body.title).toBe('Escuela');
    expect(Date.parse(body.expires_at) - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(Date.parse(body.expires_at) - before).toBeLessThan(7 * 86_400_000 + 60_000);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Copiar' }).at(-1)!);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/${TOKEN}`);
    expect(await within(dialog).findByText('Enlace copiado')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));
  });

  it('revokes a link', async () => {
    serve();
    const dialog = await open();
    const list = await within(dialog).findByRole('list', { name: 'Enlaces creados' });
    await userEvent.click(within(within(list).getAllByRole('listitem')[0]).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Revocado'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/share-link/3/revoke')).toBe(true);
  });
});
