/**
 * The data provider's generic rules, with a mocked fetch: by-parent lists, paging and filters,
 * missing endpoints, reads without a `one` endpoint, bulk calls one at a time, form errors.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { setTokens } from '../../../src/providers/session';
import { calls, LIST, mockedFetchPerTest, mockFetch, PAGED, page, query } from '../../../testing/fetch-mock';

mockedFetchPerTest();
beforeEach(() => {
  setTokens({ access: 'A1', refresh: 'R1' });
});

describe('dataProvider', () => {
  it('a list filter naming the parent uses the by-parent endpoint; other filters are query parameters', async () => {
    mockFetch(() => ({ body: page([]) }));
    await dataProvider.getList('investors', { ...LIST, filter: { plant: 2, q: 'fro', model: 'X' } });
    expect(calls[0].url.pathname).toBe('/api/investor-all/2');
    expect(query(calls[0].url)).toEqual({ model: 'X', search: 'fro', ...PAGED });
  });

  it('refuses calls the API has no endpoint for', async () => {
    mockFetch();
    await expect(dataProvider.getList('power-plants', LIST)).rejects.toThrow(/no list endpoint/);
    await expect(dataProvider.delete('communes', { id: 1 })).rejects.toThrow(/no delete endpoint/);
    await expect(dataProvider.create('notifications', { data: { type_notification: 9 } })).rejects.toThrow(/no create endpoint/);
    expect(calls).toHaveLength(0);
  });

  it('getOne without a `one` endpoint finds the record in the list (404 when absent)', async () => {
    mockFetch(() => ({ body: [{ id: 1, email: 'a@b.cl' }, { id: 2, email: 'c@d.cl' }] }));
    expect((await dataProvider.getOne('users', { id: 2 })).data).toEqual({ id: 2, email: 'c@d.cl' });
    expect(calls[0].url.pathname).toBe('/api/get-users/');
    await expect(dataProvider.getOne('users', { id: 3 })).rejects.toMatchObject({ status: 404 });
  });

  it('getMany fetches each distinct id once through `one`', async () => {
    mockFetch((call) => ({ body: { id: Number(call.url.pathname.split('/').pop()), name: 'x' } }));
    const { data } = await dataProvider.getMany('projects', { ids: [1, 2, 1] });
    expect(data.map((r) => r.id)).toEqual([1, 2]);
    expect(calls.map((c) => c.url.pathname).sort()).toEqual(['/api/project/1', '/api/project/2']);
  });

  it('getMany without `one` reads the list once', async () => {
    mockFetch(() => ({ body: [{ id: 1, name: 'Arica' }, { id: 2, name: 'Iquique' }, { id: 3, name: 'Calama' }] }));
    const { data } = await dataProvider.getMany('communes', { ids: [3, 1] });
    expect(data.map((r) => r.name).sort()).toEqual(['Arica', 'Calama']);
    expect(calls).toHaveLength(1);
  });

  it('deleteMany and updateMany go one id at a time', async () => {
    mockFetch((call) => (call.method === 'DELETE' ? { status: 204 } : { body: { id: 1 } }));
    expect(await dataProvider.deleteMany('tags', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['DELETE /api/tag/deleted/1', 'DELETE /api/tag/deleted/2']);
    await dataProvider.updateMany('users', { ids: [3, 4], data: { address: 'Calle 2' } });
    expect(calls.slice(2).map((c) => `${c.method} ${c.url.pathname} ${JSON.stringify(c.body)}`))
      .toEqual(['PUT /api/user/update/3 {"address":"Calle 2"}', 'PUT /api/user/update/4 {"address":"Calle 2"}']);
  });

  it('turns DRF field errors into react-admin form errors', async () => {
    mockFetch(() => ({ status: 400, body: { name: ['Este campo es requerido.'], non_field_errors: ['Ya existe.'] } }));
    await expect(dataProvider.create('tags', { data: { name: '' } })).rejects.toMatchObject({
      status: 400,
      message: 'Ya existe.',
      body: { name: ['Este campo es requerido.'], errors: { name: 'Este campo es requerido.', root: { serverError: 'Ya existe.' } } },
    });
  });
});
