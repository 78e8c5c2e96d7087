/**
 * What the admin starts with at /app/monitoring (src/layout/adminStart.ts): the page's first reads
 * under way, or, when the server's first view is shown, the answers it was drawn from, in the cache
 * at once and not asked for again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { memoryStore } from 'react-admin';
import { adminQueryClient, prefetchAdminPage, releaseQueryClient } from '../../../src/layout/adminStart';
import { releaseFirstView, showFirstView } from '../../../src/firstView/page';
import { SHOWN_PLANT, SHOWN_PROJECT } from '../../../src/pages/monitoring/choices';
import { localDay } from '../../../src/pages/monitoring/queries';
import { country } from '../../../src/config/country';
import { calls, mockFetch } from '../../../testing/fetch-mock';

const today = localDay(country.timeZone);
const projects = [{ id: 1, name: 'Proyecto Demo' }];
const plants = [{ id: 7, name: 'Planta Norte', project: 1 }];

/** The server's cache once it drew the page: the lists, the plant's figures and its day. */
function drawnFrom() {
  const server = new QueryClient();
  server.setQueryData(['projects', 'monitoring'], projects);
  server.setQueryData(['power-plants', 'monitoring', 1], plants);
  server.setQueryData(['monitoring', 'snapshot', 7], { plant: 7, timestamp: '2026-03-10T15:30:00Z' });
  server.setQueryData(['monitoring', 'chart', 7, 'day', today], []);
  return dehydrate(server);
}

afterEach(() => {
  releaseFirstView();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-first-view-done');
  releaseQueryClient();
  vi.unstubAllGlobals();
});

describe('the admin at /app/monitoring', () => {
  const store = () => memoryStore({ [SHOWN_PROJECT]: 1, [SHOWN_PLANT]: 7 });

  it("starts with the first view's answers, asking for none of them again", async () => {
    mockFetch(() => ({ body: [] }));
    document.body.append(Object.assign(document.createElement('div'), { id: 'root' }));
    showFirstView({ html: '<p>Monitoreo</p>', css: '', answers: drawnFrom() }, 'ltr');
    prefetchAdminPage('/app/monitoring', store());
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    expect(adminQueryClient().getQueryData(['monitoring', 'snapshot', 7])).toMatchObject({ plant: 7 });
    expect(adminQueryClient().getQueryData(['projects', 'monitoring'])).toEqual(projects);
    expect(calls.map((c) => c.url.pathname)).toEqual([]);
  });

  it('without a first view, reads the page itself', async () => {
    mockFetch(({ url }) => ({ body: url.pathname.includes('project-all') ? projects : url.pathname.includes('power-plant-all') ? plants : {} }));
    prefetchAdminPage('/app/monitoring', store());
    await vi.waitFor(() => expect(calls.map((c) => c.url.pathname)).toEqual(expect.arrayContaining(['/api/project-all/', '/api/v2/last/measurement/all/data/7'])));
  });
});
