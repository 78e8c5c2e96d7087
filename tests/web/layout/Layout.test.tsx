/**
 * The admin's frame as a user meets it (issue 33, accessibility): the page's title is its one h1 and
 * the tab's title ('<page> · <portal>'), and the user menu's button is named with the name it shows.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from '../../../src/layout/Layout';
import { fakeDataProvider, phoneScreen, quietConsole, renderAdmin } from '../../../testing/web';

quietConsole();

function provider() {
  const dataProvider = fakeDataProvider({ projects: [{ id: 1, name: 'Parque Norte', plants_count: 0 }], 'user-notifications': [] });
  // The bell's unread count.
  return Object.assign(dataProvider, { call: vi.fn(async () => ({ count: 0 })) });
}

describe('the layout', () => {
  it("titles the page with one h1, and the tab with the page's title and the portal's name", async () => {
    renderAdmin('/projects', { dataProvider: provider(), layout: Layout });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Proyectos'), { timeout: 5000 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Proyectos · Solar Chile'));
  });

  it("names the user menu with the user's name it shows", async () => {
    // A wide screen shows the name on the button; a phone, an icon with the same name.
    phoneScreen(1366);
    renderAdmin('/projects', { dataProvider: provider(), layout: Layout });
    const button = await screen.findByRole('button', { name: 'Admin (tu cuenta)' }, { timeout: 5000 });
    expect(button).toHaveTextContent('Admin');
  });
});
