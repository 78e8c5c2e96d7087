/**
 * The monitoring page's first reads, started by the app shell before the page mounts
 * (prefetchMonitoring): the project's plants and the plant the page showed last are read at once,
 * alongside the projects that confirm them; a project or plant the lists pick instead is read after
 * them; a project's totals read nothing.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { memoryStore } from 'react-admin';
import { prefetchMonitoring } from '../../../../src/pages/monitoring/queries';
import { CHOSEN, SHOWN_PLANT, SHOWN_PROJECT } from '../../../../src/pages/monitoring/choices';
import type { AppDataProvider } from '../../../../src/providers/dataProvider';

/** A data provider whose list answers wait until `lists.release()`; every call is recorded in order. */
function fakeProvider(plants: number[]) {
  const calls: string[] = [];
  let release = () => {};
  const listsIn = new Promise<void>((resolve) => { release = resolve; });
  const provider = {
    getList: async () => { calls.push('projects'); await listsIn; return { data: [{ id: 1, name: 'Proyecto' }], total: 1 }; },
    getManyReference: async (_: string, { id }: { id: number }) => { calls.push(`plants ${id}`); return { data: plants.map((id) => ({ id, name: `Planta ${id}` })), total: plants.length }; },
    snapshot: async (plant: number) => { calls.push(`snapshot ${plant}`); return { plant }; },
    chart: async ({ plant, interval }: { plant: number; interval: string }) => { calls.push(`chart ${plant} ${interval}`); return []; },
  } as unknown as AppDataProvider;
  return { provider, calls, release: () => release() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchMonitoring', () => {
  it('reads the plant shown last at once, before the lists are in, and only once', async () => {
    const { provider, calls, release } = fakeProvider([7, 8]);
    const store = memoryStore({ [SHOWN_PLANT]: 7 });
    const done = prefetchMonitoring(new QueryClient(), provider, store);
    await settle();
    expect(calls).toEqual(['snapshot 7', 'chart 7 day', 'projects']);
    release();
    await done;
    expect(calls).toEqual(['snapshot 7', 'chart 7 day', 'projects', 'plants 1']);
  });

  it("reads the plants of the project shown last with the projects, not after them, and only once", async () => {
    const { provider, calls, release } = fakeProvider([7, 8]);
    const done = prefetchMonitoring(new QueryClient(), provider, memoryStore({ [SHOWN_PROJECT]: 1, [SHOWN_PLANT]: 7 }));
    await settle();
    expect(calls).toEqual(['snapshot 7', 'chart 7 day', 'plants 1', 'projects']);
    release();
    await done;
    expect(calls).toEqual(['snapshot 7', 'chart 7 day', 'plants 1', 'projects']);
  });

  it('reads the plants of the project the lists pick when the one shown last is no longer there', async () => {
    const { provider, calls, release } = fakeProvider([7]);
    const done = prefetchMonitoring(new QueryClient(), provider, memoryStore({ [SHOWN_PROJECT]: 5 }));
    release();
    await done;
    expect(calls).toEqual(['plants 5', 'projects', 'plants 1', 'snapshot 7', 'chart 7 day']);
  });

  it('reads the plant the lists pick when the one shown last is no longer there', async () => {
    const { provider, calls, release } = fakeProvider([9]);
    const store = memoryStore({ [SHOWN_PLANT]: 7 });
    const done = prefetchMonitoring(new QueryClient(), provider, store);
    release();
    await done;
    expect(calls).toEqual(['snapshot 7', 'chart 7 day', 'projects', 'plants 1', 'snapshot 9', 'chart 9 day']);
  });

  it('without a plant shown before, reads the first plant after the lists', async () => {
    const { provider, calls, release } = fakeProvider([7, 8]);
    const done = prefetchMonitoring(new QueryClient(), provider, memoryStore());
    release();
    await done;
    expect(calls).toEqual(['projects', 'plants 1', 'snapshot 7', 'chart 7 day']);
  });

  it("reads the only plant of a project whose totals were once chosen: the page shows that plant", async () => {
    const { provider, calls, release } = fakeProvider([7]);
    release();
    await prefetchMonitoring(new QueryClient(), provider, memoryStore({ [SHOWN_PLANT]: 7, [CHOSEN.wholeProject]: true }));
    expect(calls).toEqual(['projects', 'plants 1', 'snapshot 7', 'chart 7 day']);
  });

  it("reads no plant when the project's totals were chosen, nor a day curve when the chart shows a month", async () => {
    const whole = fakeProvider([7, 8]);
    whole.release();
    await prefetchMonitoring(new QueryClient(), whole.provider, memoryStore({ [SHOWN_PLANT]: 7, [CHOSEN.wholeProject]: true }));
    expect(whole.calls).toEqual(['projects', 'plants 1']);

    const month = fakeProvider([7]);
    month.release();
    await prefetchMonitoring(new QueryClient(), month.provider, memoryStore({ [SHOWN_PLANT]: 7, [CHOSEN.interval]: 'month' }));
    expect(month.calls).toEqual(['snapshot 7', 'projects', 'plants 1']);
  });
});
