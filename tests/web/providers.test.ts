/**
 * The data provider against every row of the resource table, and the auth provider's rules,
 * with a mocked fetch: method, URL, body (JSON or multipart, optional fields left out) and what
 * react-admin gets back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, type AppDataProvider } from '../../src/providers/dataProvider';
import { resourceTable } from '../../src/providers/resourceTable';
import { authProvider, canAccessWith, USER_ACCESS } from '../../src/providers/authProvider';
import { request, setNavigator } from '../../src/providers/http';
import { createStore } from '../../src/providers/store';
import { memoryStore } from 'react-admin';
import { getAccessToken, getProfile, getRefreshToken, setProfile, setTokens, takeFlash } from '../../src/providers/session';

interface Reply { status?: number; body?: unknown }
interface Call { method: string; url: URL; headers: Record<string, string>; body: unknown }

let calls: Call[] = [];

/** Replaces fetch; `handler` answers each call (default: 200 with `{}`). */
function mockFetch(handler: (call: Call) => Reply | Promise<Reply> = () => ({ body: {} })) {
  calls = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: Call = {
      method: init.method ?? 'GET',
      url: new URL(String(input), 'http://app.test'),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status, headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const query = (url: URL) => Object.fromEntries(url.searchParams.entries());
const formEntries = (body: unknown) => {
  expect(body).toBeInstanceOf(FormData);
  const out: Record<string, unknown> = {};
  (body as FormData).forEach((value, key) => { out[key] = value; });
  return out;
};

const LIST = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
const PAGED = { page: '1', page_size: '25', ordering: 'id' };
const page = (results: object[]) => ({ count: results.length, next: null, previous: null, results });
const file = () => new File(['png'], 'photo.png', { type: 'image/png' });

beforeEach(() => {
  setTokens({ access: 'A1', refresh: 'R1' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** One expectation per table row and operation; `covers` is checked against the table below. */
interface Case {
  covers: string;
  run: (dp: AppDataProvider) => Promise<any>;
  method: string;
  path: string;
  query?: Record<string, string>;
  reply?: unknown;
  /** JSON body expected (exactly), or multipart entries expected (exactly). */
  json?: unknown;
  form?: Record<string, unknown>;
  result?: (result: any) => void;
}

const item = { id: 7, name: 'Uno' };

const CASES: Case[] = [
  // projects: multipart, name and image only when present
  {
    covers: 'projects.list',
    run: (dp) => dp.getList('projects', { pagination: { page: 2, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'sol' } }),
    method: 'GET', path: '/api/project-all/', query: { search: 'sol', page: '2', page_size: '10', ordering: '-name' },
    reply: { count: 11, next: null, previous: '/api/project-all/?page=1', results: [{ id: 11, name: 'Sol', plants_count: 2 }] },
    result: (r) => expect(r).toEqual({ data: [{ id: 11, name: 'Sol', plants_count: 2 }], total: 11 }),
  },
  { covers: 'projects.one', run: (dp) => dp.getOne('projects', { id: 3 }), method: 'GET', path: '/api/project/3', reply: { id: 3, name: 'P' }, result: (r) => expect(r.data).toEqual({ id: 3, name: 'P' }) },
  {
    covers: 'projects.create',
    run: (dp) => dp.create('projects', { data: { name: 'Nuevo', image_project: { rawFile: file(), src: 'blob:x' } } }),
    method: 'POST', path: '/api/project/create', form: { name: 'Nuevo', image_project: expect.any(File) },
    reply: { id: 4, name: 'Nuevo', image_project: '/media/p.png' }, result: (r) => expect(r.data.id).toBe(4),
  },
  {
    covers: 'projects.create:optional',
    run: (dp) => dp.create('projects', { data: { name: 'Sin imagen', image_project: null } }),
    method: 'POST', path: '/api/project/create', form: { name: 'Sin imagen' }, reply: { id: 5, name: 'Sin imagen' },
  },
  {
    covers: 'projects.update',
    // The stored image comes back as {src}: it is not re-sent; read-only fields never leave.
    run: (dp) => dp.update('projects', { id: 3, data: { id: 3, name: 'P2', image_project: { src: '/media/p.png' }, plants_count: 2, created_at: 'x' }, previousData: { id: 3 } }),
    method: 'PUT', path: '/api/project/update/3', form: { name: 'P2' }, reply: { id: 3, name: 'P2' },
    result: (r) => expect(r.data).toEqual({ id: 3, name: 'P2' }),
  },
  {
    covers: 'projects.delete', run: (dp) => dp.delete('projects', { id: 3, previousData: { id: 3, name: 'P' } }),
    method: 'DELETE', path: '/api/project/deleted/3', result: (r) => expect(r.data).toEqual({ id: 3, name: 'P' }),
  },

  // power plants
  {
    covers: 'power-plants.byParent.project',
    run: (dp) => dp.getManyReference('power-plants', { ...LIST, target: 'project', id: 5 }),
    method: 'GET', path: '/api/power-plant-all/5', query: PAGED, reply: page([{ id: 1, project: 5 }]),
    result: (r) => expect(r).toEqual({ data: [{ id: 1, project: 5 }], total: 1 }),
  },
  { covers: 'power-plants.one', run: (dp) => dp.getOne('power-plants', { id: 8 }), method: 'GET', path: '/api/power-plant/8', reply: { id: 8 } },
  {
    covers: 'power-plants.create',
    run: (dp) => dp.create('power-plants', { data: { project: 5, name: 'Central', address: 'Av 1', commune: 3, latitude: -33.4, longitude: -70.6, capacity_kwp: 10, tariff: 120, commissioned_on: '2024-01-02' } }),
    method: 'POST', path: '/api/power-plant/create',
    json: { project: 5, name: 'Central', address: 'Av 1', commune: 3, latitude: -33.4, longitude: -70.6, capacity_kwp: 10, tariff: 120, commissioned_on: '2024-01-02' },
    reply: { id: 9, project: 5, project_name: 'P' }, result: (r) => expect(r.data).toEqual({ id: 9, project: 5, project_name: 'P' }),
  },
  {
    covers: 'power-plants.update',
    run: (dp) => dp.update('power-plants', { id: 9, data: { id: 9, project: 5, project_name: 'P', name: 'C2', commune: null }, previousData: { id: 9 } }),
    method: 'PUT', path: '/api/power-plant/update/9', json: { project: 5, name: 'C2', commune: null }, reply: { id: 9 },
  },
  { covers: 'power-plants.delete', run: (dp) => dp.delete('power-plants', { id: 9 }), method: 'DELETE', path: '/api/power-plant/deleted/9' },

  // investors
  {
    covers: 'investors.byParent.plant', run: (dp) => dp.getManyReference('investors', { ...LIST, target: 'plant', id: 2 }),
    method: 'GET', path: '/api/investor-all/2', query: PAGED, reply: page([{ id: 1, plant: 2 }]),
  },
  { covers: 'investors.one', run: (dp) => dp.getOne('investors', { id: 4 }), method: 'GET', path: '/api/investor/4', reply: { id: 4 } },
  {
    covers: 'investors.create',
    run: (dp) => dp.create('investors', { data: { plant: 2, name: 'Inv', equipment: 1, model: 'M', serial_number: 'S', nominal_power_kw: 5, datalogger_address: 'http://10.0.0.2', device_id: 1, plant_name: 'x' } }),
    method: 'POST', path: '/api/investor/create',
    json: { plant: 2, name: 'Inv', equipment: 1, model: 'M', serial_number: 'S', nominal_power_kw: 5, datalogger_address: 'http://10.0.0.2', device_id: 1 },
    reply: { id: 4 },
  },
  { covers: 'investors.update', run: (dp) => dp.update('investors', { id: 4, data: { id: 4, plant: 2, name: 'I2' }, previousData: { id: 4 } }), method: 'PUT', path: '/api/investor/update/4', json: { plant: 2, name: 'I2' }, reply: { id: 4 } },
  { covers: 'investors.delete', run: (dp) => dp.delete('investors', { id: 4 }), method: 'DELETE', path: '/api/investor/deleted/4' },
  {
    covers: 'investors.action.microservice', run: (dp) => dp.call('investors', 'microservice'),
    method: 'GET', path: '/api/investor-all/microservice', reply: { fronius: [] }, result: (r) => expect(r).toEqual({ fronius: [] }),
  },

  // MPPTs
  { covers: 'mppts.byParent.investor', run: (dp) => dp.getManyReference('mppts', { ...LIST, target: 'investor', id: 4 }), method: 'GET', path: '/api/mppt/list/investor/4', query: PAGED, reply: page([]) },
  { covers: 'mppts.one', run: (dp) => dp.getOne('mppts', { id: 6 }), method: 'GET', path: '/api/mppt/list/6', reply: { id: 6 } },
  { covers: 'mppts.create', run: (dp) => dp.create('mppts', { data: { investor: 4, name: 'MPPT 1', number: 1 } }), method: 'POST', path: '/api/mppt/create', json: { investor: 4, name: 'MPPT 1', number: 1 }, reply: { id: 6 } },
  { covers: 'mppts.update', run: (dp) => dp.update('mppts', { id: 6, data: { id: 6, investor: 4, investor_name: 'I', name: 'M2', number: 2 }, previousData: { id: 6 } }), method: 'PUT', path: '/api/mppt/update/6', json: { investor: 4, name: 'M2', number: 2 }, reply: { id: 6 } },
  { covers: 'mppts.delete', run: (dp) => dp.delete('mppts', { id: 6 }), method: 'DELETE', path: '/api/mppt/delete/6' },

  // strings
  { covers: 'strings.byParent.mppt', run: (dp) => dp.getManyReference('strings', { ...LIST, target: 'mppt', id: 6 }), method: 'GET', path: '/api/string/list/mppt/6', query: PAGED, reply: page([]) },
  { covers: 'strings.one', run: (dp) => dp.getOne('strings', { id: 12 }), method: 'GET', path: '/api/string/list/12', reply: { id: 12 } },
  { covers: 'strings.create', run: (dp) => dp.create('strings', { data: { mppt: 6, name: 'S1', tilt: 30, azimuth: 0 } }), method: 'POST', path: '/api/string/create', json: { mppt: 6, name: 'S1', tilt: 30, azimuth: 0 }, reply: { id: 12 } },
  { covers: 'strings.update', run: (dp) => dp.update('strings', { id: 12, data: { id: 12, mppt: 6, name: 'S2', mppt_name: 'M' }, previousData: { id: 12 } }), method: 'PUT', path: '/api/string/update/12', json: { mppt: 6, name: 'S2' }, reply: { id: 12 } },
  { covers: 'strings.delete', run: (dp) => dp.delete('strings', { id: 12 }), method: 'DELETE', path: '/api/string/deleted/12' },

  // panels
  { covers: 'panels.byParent.string', run: (dp) => dp.getManyReference('panels', { ...LIST, target: 'string', id: 12 }), method: 'GET', path: '/api/panel/list/string/12', query: PAGED, reply: page([]) },
  { covers: 'panels.one', run: (dp) => dp.getOne('panels', { id: 20 }), method: 'GET', path: '/api/panel/list/20', reply: { id: 20 } },
  {
    covers: 'panels.create', run: (dp) => dp.create('panels', { data: { string: 12, name: 'P1', equipment: 2, power_wp: 450, serial_number: 'X' } }),
    method: 'POST', path: '/api/panel/create', json: { string: 12, name: 'P1', equipment: 2, power_wp: 450, serial_number: 'X' }, reply: { id: 20 },
  },
  { covers: 'panels.update', run: (dp) => dp.update('panels', { id: 20, data: { id: 20, string: 12, name: 'P2' }, previousData: { id: 20 } }), method: 'PUT', path: '/api/panel/update/20', json: { string: 12, name: 'P2' }, reply: { id: 20 } },
  { covers: 'panels.delete', run: (dp) => dp.delete('panels', { id: 20 }), method: 'DELETE', path: '/api/panel/deleted/20' },

  // tags and their links
  { covers: 'tags.list', run: (dp) => dp.getList('tags', LIST), method: 'GET', path: '/api/tag-all/list', query: PAGED, reply: page([item]) },
  { covers: 'tags.one', run: (dp) => dp.getOne('tags', { id: 2 }), method: 'GET', path: '/api/tag/list/2', reply: { id: 2 } },
  { covers: 'tags.create', run: (dp) => dp.create('tags', { data: { name: 'Norte' } }), method: 'POST', path: '/api/tag/create', json: { name: 'Norte' }, reply: { id: 2, name: 'Norte' } },
  { covers: 'tags.update', run: (dp) => dp.update('tags', { id: 2, data: { id: 2, name: 'Sur', users_count: 3 }, previousData: { id: 2 } }), method: 'PUT', path: '/api/tag/update/2', json: { name: 'Sur' }, reply: { id: 2 } },
  { covers: 'tags.delete', run: (dp) => dp.delete('tags', { id: 2 }), method: 'DELETE', path: '/api/tag/deleted/2' },
  { covers: 'tag-users.list', run: (dp) => dp.getList('tag-users', LIST), method: 'GET', path: '/api/tag-user-all/list', query: PAGED, reply: page([]) },
  { covers: 'tag-users.byParent.tag', run: (dp) => dp.getManyReference('tag-users', { ...LIST, target: 'tag', id: 2 }), method: 'GET', path: '/api/tag-user-tag/list/2', query: PAGED, reply: page([]) },
  { covers: 'tag-users.one', run: (dp) => dp.getOne('tag-users', { id: 6 }), method: 'GET', path: '/api/tag-user/list/6', reply: { id: 6 } },
  { covers: 'tag-users.create', run: (dp) => dp.create('tag-users', { data: { tag: 2, customuser: 9 } }), method: 'POST', path: '/api/tag-user/create', json: { tag: 2, customuser: 9 }, reply: { id: 6 } },
  { covers: 'tag-users.update', run: (dp) => dp.update('tag-users', { id: 6, data: { id: 6, tag: 2, customuser: 10, tag_name: 'N', user_email: 'e' }, previousData: { id: 6 } }), method: 'PUT', path: '/api/tag-user/update/6', json: { tag: 2, customuser: 10 }, reply: { id: 6 } },
  { covers: 'tag-users.delete', run: (dp) => dp.delete('tag-users', { id: 6 }), method: 'DELETE', path: '/api/tag-user/deleted/6' },
  {
    covers: 'tag-projects.list', run: (dp) => dp.getList('tag-projects', LIST),
    method: 'GET', path: '/api/tag-project-all/list', query: { admin: 'True', ...PAGED },
    reply: page([{ id: 1, tag: 2, tag_name: 'N', project: { id: 3, name: 'P', image_project: '/media/p.png' } }]),
    // flattened: `project` is the id
    result: (r) => expect(r.data).toEqual([{ id: 1, tag: 2, tag_name: 'N', project: 3, project_name: 'P', project_image: '/media/p.png' }]),
  },
  {
    covers: 'tag-projects.byParent.tag', run: (dp) => dp.getManyReference('tag-projects', { ...LIST, target: 'tag', id: 2 }),
    method: 'GET', path: '/api/tag-project-tag/list/2', query: PAGED, reply: page([{ id: 1, tag: 2, project: { id: 3, name: 'P', image_project: null } }]),
    result: (r) => expect(r.data[0]).toMatchObject({ project: 3, project_name: 'P' }),
  },
  {
    covers: 'tag-projects.one', run: (dp) => dp.getOne('tag-projects', { id: 1 }), method: 'GET', path: '/api/tag-project/list/1',
    reply: { id: 1, tag: 2, project: { id: 3, name: 'P', image_project: null } }, result: (r) => expect(r.data.project).toBe(3),
  },
  { covers: 'tag-projects.create', run: (dp) => dp.create('tag-projects', { data: { tag: 2, project: 3 } }), method: 'POST', path: '/api/tag-project/create', json: { tag: 2, project: 3 }, reply: { id: 1, tag: 2, project: { id: 3, name: 'P' } }, result: (r) => expect(r.data).toMatchObject({ id: 1, project: 3, project_name: 'P' }) },
  { covers: 'tag-projects.update', run: (dp) => dp.update('tag-projects', { id: 1, data: { id: 1, tag: 2, project: 4, project_name: 'P' }, previousData: { id: 1 } }), method: 'PUT', path: '/api/tag-project/update/1', json: { tag: 2, project: 4 }, reply: { id: 1 } },
  { covers: 'tag-projects.delete', run: (dp) => dp.delete('tag-projects', { id: 1 }), method: 'DELETE', path: '/api/tag-project/deleted/1' },

  // users: the list, created by an administrator, update = the administrator privilege
  {
    covers: 'users.list', run: (dp) => dp.getList('users', { ...LIST, filter: { is_staff: true, q: 'ana' } }),
    method: 'GET', path: '/api/get-users/', query: { is_staff: 'true', search: 'ana', ...PAGED }, reply: page([{ id: 5, email: 'a@b.cl' }]),
  },
  {
    covers: 'users.create', run: (dp) => dp.create('users', { data: { first_name: 'Ana', last_name: 'Paz', email: 'a@b.cl', phone: '', address: 'Calle 1', password: 'abcd', is_staff: false } }),
    method: 'POST', path: '/api/auth/create/user', json: { first_name: 'Ana', last_name: 'Paz', email: 'a@b.cl', address: 'Calle 1', password: 'abcd', is_staff: false }, reply: { id: 5 },
  },
  {
    covers: 'users.update', run: (dp) => dp.update('users', { id: 5, data: { id: 5, email: 'a@b.cl', first_name: 'Ana', is_staff: true }, previousData: { id: 5 } }),
    method: 'PUT', path: '/api/permits-user/5', json: { is_staff: true }, reply: { id: 5, is_staff: true },
  },
  { covers: 'users.action.resendActivation', run: (dp) => dp.call('users', 'resendActivation', { id: 9 }), method: 'POST', path: '/api/auth/account-check/9/resend', json: {}, reply: { detail: 'ok' } },
  { covers: 'users.action.activate', run: (dp) => dp.call('users', 'activate', { id: 9 }), method: 'PUT', path: '/api/auth/account-activate/9', json: {}, reply: { id: 9, is_active: true } },

  // project-user links: the project's list comes as {users_project: [...]}, paged here
  {
    covers: 'project-users.byParent.user_project',
    run: (dp) => dp.getManyReference('project-users', { pagination: { page: 1, perPage: 2 }, sort: { field: 'user_fullname', order: 'ASC' }, filter: {}, target: 'user_project', id: 3 }),
    method: 'GET', path: '/api/associate-project-user/3', query: {},
    reply: { id: 3, name: 'P', users_project: [{ id: 1, user_fullname: 'Carla' }, { id: 2, user_fullname: 'Ana' }, { id: 3, user_fullname: 'Bea' }] },
    result: (r) => expect(r).toEqual({ data: [{ id: 2, user_fullname: 'Ana' }, { id: 3, user_fullname: 'Bea' }], total: 3 }),
  },
  { covers: 'project-users.one', run: (dp) => dp.getOne('project-users', { id: 8 }), method: 'GET', path: '/api/associate-user-project/8', reply: { id: 8 } },
  { covers: 'project-users.create', run: (dp) => dp.create('project-users', { data: { user_project: 3, users: 5 } }), method: 'POST', path: '/api/associate-user-project/create', json: { user_project: 3, users: 5 }, reply: { id: 8 } },
  { covers: 'project-users.update', run: (dp) => dp.update('project-users', { id: 8, data: { id: 8, user_project: 3, users: 6, user_email: 'x' }, previousData: { id: 8 } }), method: 'PUT', path: '/api/associate-user-project/update/8', json: { user_project: 3, users: 6 }, reply: { id: 8 } },
  { covers: 'project-users.delete', run: (dp) => dp.delete('project-users', { id: 8 }), method: 'DELETE', path: '/api/associate-user-project/deleted/8' },

  // brands and equipment: multipart, optional fields only when filled in
  { covers: 'trademarks.list', run: (dp) => dp.getList('trademarks', LIST), method: 'GET', path: '/api/trademark-all/', query: PAGED, reply: page([]) },
  { covers: 'trademarks.one', run: (dp) => dp.getOne('trademarks', { id: 1 }), method: 'GET', path: '/api/trademark/1', reply: { id: 1 } },
  { covers: 'trademarks.create', run: (dp) => dp.create('trademarks', { data: { name: 'Fronius', image: { rawFile: file(), src: 'blob:y' } } }), method: 'POST', path: '/api/trademark/create', form: { name: 'Fronius', image: expect.any(File) }, reply: { id: 1 } },
  { covers: 'trademarks.update', run: (dp) => dp.update('trademarks', { id: 1, data: { id: 1, name: '', image: { rawFile: file(), src: 'blob:z' } }, previousData: { id: 1 } }), method: 'PUT', path: '/api/trademark/update/1', form: { image: expect.any(File) }, reply: { id: 1 } },
  { covers: 'trademarks.delete', run: (dp) => dp.delete('trademarks', { id: 1 }), method: 'DELETE', path: '/api/trademark/deleted/1' },
  { covers: 'equipments.list', run: (dp) => dp.getList('equipments', LIST), method: 'GET', path: '/api/equipment-all/', query: PAGED, reply: page([]) },
  { covers: 'equipments.one', run: (dp) => dp.getOne('equipments', { id: 2 }), method: 'GET', path: '/api/equipment/2', reply: { id: 2 } },
  {
    covers: 'equipments.create',
    run: (dp) => dp.create('equipments', { data: { name: 'Primo', image: null, trademark: 1, model: 'GEN24', station_code: '', description: undefined } }),
    method: 'POST', path: '/api/equipment/create', form: { name: 'Primo', trademark: '1', model: 'GEN24' }, reply: { id: 2 },
  },
  {
    covers: 'equipments.update',
    run: (dp) => dp.update('equipments', { id: 2, data: { id: 2, name: 'Primo', image: '/media/e.png', trademark: null, model: 'M', station_code: 'ST', description: 'D' }, previousData: { id: 2 } }),
    method: 'PUT', path: '/api/equipment/update/2', form: { name: 'Primo', model: 'M', station_code: 'ST', description: 'D' }, reply: { id: 2 },
  },
  { covers: 'equipments.delete', run: (dp) => dp.delete('equipments', { id: 2 }), method: 'DELETE', path: '/api/equipment/deleted/2' },

  // communes and settings
  {
    covers: 'communes.list',
    // The endpoint answered every row although a page was asked for: paged here.
    run: (dp) => dp.getList('communes', { pagination: { page: 2, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} }),
    method: 'GET', path: '/api/commune-all/list', query: { page: '2', page_size: '1', ordering: 'name' },
    reply: [{ id: 2, name: 'Providencia' }, { id: 1, name: 'Ñuñoa' }, { id: 3, name: 'Arica' }],
    result: (r) => expect(r).toEqual({ data: [{ id: 1, name: 'Ñuñoa' }], total: 3 }),
  },
  {
    covers: 'settings.list', run: (dp) => dp.getList('settings', LIST), method: 'GET', path: '/api/list/settings', query: {},
    reply: [{ id: 1, name: 'General', environnement_factor: 0.4, time_zone: 'America/Santiago' }],
    result: (r) => expect(r.total).toBe(1),
  },
  {
    covers: 'settings.update',
    run: (dp) => dp.update('settings', { id: 1, data: { id: 1, name: 'General', environnement_factor: 0.5, time_zone: 'America/Santiago' }, previousData: { id: 1 } }),
    method: 'PUT', path: '/api/update/settings/parameters/1', json: { name: 'General', environnement_factor: 0.5, time_zone: 'America/Santiago' }, reply: { id: 1 },
  },

  // tickets
  { covers: 'tickets.list', run: (dp) => dp.getList('tickets', LIST), method: 'GET', path: '/api/ticket/list', query: PAGED, reply: page([]) },
  { covers: 'tickets.one', run: (dp) => dp.getOne('tickets', { id: 4 }), method: 'GET', path: '/api/ticket/detail/4', reply: { id: 4, status_name: 'Activo' } },
  {
    covers: 'tickets.create',
    run: (dp) => dp.create('tickets', { data: { title: 'Falla', content: 'No produce', customuser: 5, type: 1, status: 1, media: { rawFile: file(), src: 'blob:m' } } }),
    method: 'POST', path: '/api/ticket/create', form: { title: 'Falla', content: 'No produce', customuser: '5', type: '1', status: '1', media: expect.any(File) }, reply: { id: 4 },
  },
  {
    covers: 'tickets.create:optional', run: (dp) => dp.create('tickets', { data: { title: 'Falla', content: 'x', customuser: 5, type: 1, status: 1, media: null } }),
    method: 'POST', path: '/api/ticket/create', form: { title: 'Falla', content: 'x', customuser: '5', type: '1', status: '1' }, reply: { id: 4 },
  },
  {
    covers: 'tickets.update', run: (dp) => dp.update('tickets', { id: 4, data: { id: 4, title: 'Falla', content: 'x', status: 1, user_admin: 2, status_name: 'Activo' }, previousData: { id: 4 } }),
    method: 'PUT', path: '/api/ticket/update/4', json: { title: 'Falla', status: 1, user_admin: 2 }, reply: { id: 4 },
  },
  { covers: 'tickets.delete', run: (dp) => dp.delete('tickets', { id: 4 }), method: 'DELETE', path: '/api/ticket/delete/4' },
  { covers: 'tickets.action.changeStatus', run: (dp) => dp.call('tickets', 'changeStatus', { id: 4, data: { status: 2, title: 'x' } }), method: 'PUT', path: '/api/ticket/change/status/4', json: { status: 2 }, reply: { id: 4 } },
  { covers: 'tickets.action.removeAdmin', run: (dp) => dp.call('tickets', 'removeAdmin', { id: 4, data: { title: 'T', status: 1, user_admin: 2 } }), method: 'PUT', path: '/api/ticket/remove/admin/4', json: { title: 'T', status: 1, user_admin: 2 }, reply: { id: 4 } },
  { covers: 'ticket-categories.list', run: (dp) => dp.getList('ticket-categories', LIST), method: 'GET', path: '/api/ticket/type/list', query: PAGED, reply: [{ id: 1, name: 'Falla' }], result: (r) => expect(r.total).toBe(1) },
  { covers: 'ticket-categories.create', run: (dp) => dp.create('ticket-categories', { data: { name: 'Falla', description: 'D' } }), method: 'POST', path: '/api/ticket/type/create', json: { name: 'Falla', description: 'D' }, reply: { id: 1 } },
  { covers: 'ticket-categories.update', run: (dp) => dp.update('ticket-categories', { id: 1, data: { id: 1, name: 'F2', description: 'D' }, previousData: { id: 1 } }), method: 'PUT', path: '/api/ticket/type/update/1', json: { name: 'F2', description: 'D' }, reply: { id: 1 } },
  { covers: 'ticket-categories.delete', run: (dp) => dp.delete('ticket-categories', { id: 1 }), method: 'DELETE', path: '/api/ticket/type/delete/1' },
  { covers: 'ticket-messages.byParent.ticket', run: (dp) => dp.getManyReference('ticket-messages', { ...LIST, target: 'ticket', id: 4 }), method: 'GET', path: '/api/ticket/message/of/ticket/4', query: PAGED, reply: page([]) },
  {
    covers: 'ticket-messages.create', run: (dp) => dp.create('ticket-messages', { data: { content: 'Hola', ticket: 4, customuser: 5 } }),
    method: 'POST', path: '/api/ticket/message/create', form: { content: 'Hola', ticket: '4', customuser: '5' }, reply: { id: 9 },
  },
  { covers: 'ticket-messages.delete', run: (dp) => dp.delete('ticket-messages', { id: 9 }), method: 'DELETE', path: '/api/ticket/message/delete/9' },

  // notifications: one create endpoint per addressee kind
  { covers: 'notifications.list', run: (dp) => dp.getList('notifications', { ...LIST, sort: { field: 'created_at', order: 'DESC' } }), method: 'GET', path: '/api/notification/list', query: { ...PAGED, ordering: '-created_at' }, reply: page([]) },
  { covers: 'notifications.create', run: (dp) => dp.create('notifications', { data: { type_notification: 1, title: 'T', message: 'M', tag: 2 } }), method: 'POST', path: '/api/notification-tag-user/create', json: { type_notification: 1, title: 'T', message: 'M', tag: 2 }, reply: { id: 1 } },
  { covers: 'notifications.create:2', run: (dp) => dp.create('notifications', { data: { type_notification: 2, title: 'T', message: 'M', project: 3 } }), method: 'POST', path: '/api/notification-project-user/create', json: { type_notification: 2, title: 'T', message: 'M', project: 3 }, reply: { id: 2 } },
  { covers: 'notifications.create:3', run: (dp) => dp.create('notifications', { data: { type_notification: 3, title: 'T', message: 'M', users: [5, 6] } }), method: 'POST', path: '/api/notification-users/create', json: { type_notification: 3, title: 'T', message: 'M', users: [5, 6] }, reply: { id: 3 } },
  { covers: 'user-notifications.list', run: (dp) => dp.getList('user-notifications', LIST), method: 'GET', path: '/api/user-notification/list', query: PAGED, reply: page([{ id: 1, read: false }]) },
  { covers: 'user-notifications.action.unreadCount', run: (dp) => dp.call('user-notifications', 'unreadCount'), method: 'GET', path: '/api/user-notification/unread-count', reply: { count: 2 } },
  { covers: 'user-notifications.action.read', run: (dp) => dp.call('user-notifications', 'read', { id: 7 }), method: 'PUT', path: '/api/user-notification/read/7', json: {}, reply: { id: 7, read: true } },
  { covers: 'user-notifications.action.readAll', run: (dp) => dp.call('user-notifications', 'readAll'), method: 'PUT', path: '/api/user-notification/read-all', json: {}, reply: { count: 2 } },
  { covers: 'notification-types.list', run: (dp) => dp.getList('notification-types', LIST), method: 'GET', path: '/api/type-notification/list', query: PAGED, reply: [{ id: 1, name: 'Tag' }] },

  // own profile
  { covers: 'profile.one', run: (dp) => dp.getOne('profile', { id: 'me' }), method: 'GET', path: '/api/my-profile', reply: { id: 5, email: 'a@b.cl' }, result: (r) => expect(r.data).toEqual({ id: 5, email: 'a@b.cl' }) },
  {
    covers: 'profile.update',
    run: (dp) => dp.update('profile', { id: 'me', data: { id: 5, first_name: 'Ana', last_name: '', email: 'a@b.cl', phone: null, address: 'Calle', image: { src: '/media/u.png' }, is_staff: false }, previousData: { id: 5 } }),
    method: 'PUT', path: '/api/my-profile/update', form: { first_name: 'Ana', email: 'a@b.cl', address: 'Calle' },
    reply: { id: 5, first_name: 'Ana', last_name: '', email: 'a@b.cl', is_staff: false, is_superuser: false },
    // the stored user follows
    result: () => expect(getProfile()?.first_name).toBe('Ana'),
  },
];

/** Every (row, operation) the table declares. */
function tableOperations(): string[] {
  const ops: string[] = [];
  for (const [name, spec] of Object.entries(resourceTable)) {
    if (spec.list) ops.push(`${name}.list`);
    for (const target of Object.keys(spec.byParent ?? {})) ops.push(`${name}.byParent.${target}`);
    for (const op of ['one', 'create', 'update', 'delete'] as const) if (spec[op]) ops.push(`${name}.${op}`);
    for (const action of Object.keys(spec.actions ?? {})) ops.push(`${name}.action.${action}`);
  }
  return ops;
}

describe('dataProvider over the resource table', () => {
  it('has a test case for every row and operation of the table', () => {
    const covered = new Set(CASES.map((c) => c.covers));
    expect(tableOperations().filter((op) => !covered.has(op))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.covers, c] as const))('%s', async (_name, c) => {
    mockFetch(() => ({ status: c.method === 'DELETE' ? 204 : 200, body: c.reply ?? (c.method === 'DELETE' ? undefined : {}) }));
    const result = await c.run(dataProvider);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe(c.method);
    expect(call.url.pathname).toBe(c.path);
    if (c.query) expect(query(call.url)).toEqual(c.query);
    expect(call.headers.Authorization).toBe('Bearer A1');
    if (c.json !== undefined) {
      expect(call.headers['Content-Type']).toBe('application/json');
      expect(call.body).toEqual(c.json);
    }
    if (c.form) {
      expect(call.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
      expect(formEntries(call.body)).toEqual(c.form);
    }
    if (c.method === 'GET' || c.method === 'DELETE') expect(call.body).toBeUndefined();
    c.result?.(result);
  });

  it('a list filter naming the parent uses the by-parent endpoint; other filters are query parameters', async () => {
    mockFetch(() => ({ body: page([]) }));
    await dataProvider.getList('investors', { ...LIST, filter: { plant: 2, q: 'fro', model: 'X' } });
    expect(calls[0].url.pathname).toBe('/api/investor-all/2');
    expect(query(calls[0].url)).toEqual({ model: 'X', search: 'fro', ...PAGED });
  });

  it('refuses calls the API has no endpoint for', async () => {
    mockFetch();
    await expect(dataProvider.getList('power-plants', LIST)).rejects.toThrow(/no list endpoint/);
    await expect(dataProvider.delete('users', { id: 1 })).rejects.toThrow(/no delete endpoint/);
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
    await dataProvider.updateMany('users', { ids: [3, 4], data: { is_staff: false } });
    expect(calls.slice(2).map((c) => `${c.method} ${c.url.pathname} ${JSON.stringify(c.body)}`))
      .toEqual(['PUT /api/permits-user/3 {"is_staff":false}', 'PUT /api/permits-user/4 {"is_staff":false}']);
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

const PROFILE = {
  id: 5, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '',
  image: '/media/ana.png', is_staff: false, is_superuser: false, language: 'es',
};

describe('authProvider and the http wrapper', () => {
  beforeEach(() => localStorage.clear());

  it('login: token call, then the profile, both kept in localStorage', async () => {
    mockFetch((call) => (call.url.pathname === '/api/auth/token'
      ? { body: { access: 'A', refresh: 'R' } }
      : { body: PROFILE }));
    await expect(authProvider.login({ email: 'ana@solar.cl', password: 'abcd' })).resolves.toEqual({ redirectTo: '/app/monitoring' });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'ana@solar.cl', password: 'abcd' } });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[1].url.pathname).toBe('/api/my-profile');
    expect(calls[1].headers.Authorization).toBe('Bearer A');
    expect([getAccessToken(), getRefreshToken()]).toEqual(['A', 'R']);
    expect(getProfile()).toEqual(PROFILE);
  });

  it('login failure hands the server errors back and stores nothing', async () => {
    mockFetch(() => ({ status: 400, body: { password: ['Contraseña incorrecta'] } }));
    await expect(authProvider.login({ email: 'ana@solar.cl', password: 'x' })).rejects.toMatchObject({ status: 400, body: { password: ['Contraseña incorrecta'] } });
    expect(getAccessToken()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('a profile that cannot be read after login ends the session with the "sign in again" message', async () => {
    mockFetch((call) => (call.url.pathname === '/api/auth/token' ? { body: { access: 'A', refresh: 'R' } } : { status: 500, body: { detail: 'x' } }));
    await expect(authProvider.login({ email: 'a@b.cl', password: 'abcd' })).rejects.toMatchObject({ status: 500 });
    expect(getAccessToken()).toBeNull();
    expect(takeFlash()).toEqual({ type: 'info', message: 'app.messages.session_expired' });
  });

  it('logout revokes the refresh token and clears everything', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 204 }));
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(calls[0]).toMatchObject({ method: 'POST', body: { refresh: 'R' } });
    expect(calls[0].url.pathname).toBe('/api/auth/logout');
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    expect(takeFlash()).toBeNull();
  });

  it('logout clears everything even when the call fails, and leaves SPEC §8 message', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 500, body: { detail: 'boom' } }));
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    expect(takeFlash()).toEqual({ type: 'error', message: 'app.messages.logout_error' });
  });

  it('on 401: one refresh, then the original request again with the new token', async () => {
    setTokens({ access: 'OLD', refresh: 'R' });
    mockFetch((call) => {
      if (call.url.pathname === '/api/auth/token/refresh') return { body: { access: 'NEW', refresh: 'R2' } };
      return call.headers.Authorization === 'Bearer NEW' ? { body: [{ id: 1 }] } : { status: 401, body: { detail: 'expired' } };
    });
    await expect(request('/tag-all/list')).resolves.toEqual([{ id: 1 }]);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/tag-all/list', '/api/auth/token/refresh', '/api/tag-all/list']);
    expect(calls[1].body).toEqual({ refresh: 'R' });
    expect([getAccessToken(), getRefreshToken()]).toEqual(['NEW', 'R2']);
  });

  it('concurrent 401s share ONE refresh', async () => {
    setTokens({ access: 'OLD', refresh: 'R' });
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => { releaseRefresh = resolve; });
    mockFetch(async (call) => {
      if (call.url.pathname === '/api/auth/token/refresh') {
        await refreshGate;
        return { body: { access: 'NEW', refresh: 'R2' } };
      }
      return call.headers.Authorization === 'Bearer NEW' ? { body: { path: call.url.pathname } } : { status: 401, body: {} };
    });
    const both = Promise.all([request('/tag/list/1'), request('/tag/list/2')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(both).resolves.toEqual([{ path: '/api/tag/list/1' }, { path: '/api/tag/list/2' }]);
    expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(5);
  });

  it('two tabs refreshing at once take turns: the second uses the pair the first got, and the server sees the token once', async () => {
    // Two tabs = two instances of the http module sharing localStorage, and the browser's Web Locks.
    let queue = Promise.resolve();
    const locks = { request: (_name: string, task: () => Promise<unknown>) => { const run = queue.then(task); queue = run.then(() => undefined, () => undefined); return run; } };
    vi.stubGlobal('navigator', { ...globalThis.navigator, locks });
    const otherTab = await vi.importActual<typeof import('../../src/providers/http')>('../../src/providers/http?tab=2');
    setTokens({ access: 'OLD', refresh: 'R' });
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => { releaseRefresh = resolve; });
    mockFetch(async (call) => {
      if (call.url.pathname === '/api/auth/token/refresh') {
        await refreshGate;
        // A refresh token presented twice ends the session (server/plugins/auth/session.ts).
        return (call.body as { refresh: string }).refresh === 'R' ? { body: { access: 'NEW', refresh: 'R2' } } : { status: 401, body: {} };
      }
      return call.headers.Authorization === 'Bearer NEW' ? { body: { path: call.url.pathname } } : { status: 401, body: {} };
    });
    const both = Promise.all([request('/tag/list/1'), otherTab.request('/tag/list/2')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(both).resolves.toEqual([{ path: '/api/tag/list/1' }, { path: '/api/tag/list/2' }]);
    expect(calls.filter((c) => c.url.pathname === '/api/auth/token/refresh')).toHaveLength(1);
    expect([getAccessToken(), getRefreshToken()]).toEqual(['NEW', 'R2']);
  });

  it('a failed refresh signs out and the 401 reaches the caller; checkError then sends to /login', async () => {
    setTokens({ access: 'OLD', refresh: 'SPENT' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 401, body: { detail: 'El token es inválido o ha expirado' } }));
    const error = await request('/tag-all/list').catch((e) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/tag-all/list', '/api/auth/token/refresh']);
    expect([getAccessToken(), getRefreshToken(), getProfile()]).toEqual([null, null, null]);
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('a 400 saying the refresh token is missing clears the tokens and goes to /', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() => ({ status: 400, body: { refresh: ['Este campo es requerido.'] } }));
    await expect(request('/auth/logout', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400 });
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('other 400s leave the session alone', async () => {
    setTokens({ access: 'A1', refresh: 'R1' });
    const navigate = vi.fn();
    setNavigator(navigate);
    mockFetch(() => ({ status: 400, body: { name: ['Este campo es requerido.'] } }));
    await expect(request('/tag/create', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400 });
    expect(getAccessToken()).toBe('A1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([403, 404, 423, 500])('%i is logged and handed back', async (status) => {
    mockFetch(() => ({ status, body: { detail: 'x' } }));
    await expect(request('/tag/list/1')).rejects.toMatchObject({ status });
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('422 is handed back without logging', async () => {
    mockFetch(() => ({ status: 422, body: { detail: 'x' } }));
    await expect(request('/tag/list/1')).rejects.toMatchObject({ status: 422 });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('checkAuth: no tokens -> /login without a call', async () => {
    mockFetch();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(calls).toHaveLength(0);
  });

  it('checkAuth: tokens but no known profile -> the profile is fetched first', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    mockFetch(() => ({ body: PROFILE }));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls[0].url.pathname).toBe('/api/my-profile');
    expect(getProfile()).toEqual(PROFILE);
  });

  it('checkAuth: profile not readable -> tokens cleared, /login, "sign in again"', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    mockFetch((call) => (call.url.pathname === '/api/auth/token/refresh' ? { status: 401, body: {} } : { status: 401, body: {} }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(getAccessToken()).toBeNull();
    expect(takeFlash()?.message).toBe('app.messages.session_expired');
  });

  it('checkAuth: a known profile and a token pass without a call', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('checkError: 403 and others are not a reason to sign out', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('getPermissions gives is_staff and is_superuser', async () => {
    setProfile({ ...PROFILE, is_staff: true, is_superuser: false });
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ is_staff: true, is_superuser: false });
    localStorage.clear();
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ is_staff: false, is_superuser: false });
  });

  it("getIdentity: first + last name and the avatar; 'Administrador' without a first name", async () => {
    setProfile(PROFILE);
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 5, fullName: 'Ana Paz', avatar: '/media/ana.png' });
    setProfile({ ...PROFILE, first_name: '', image: null });
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 5, fullName: 'Administrador', avatar: undefined });
  });

  it('canAccess: staff everything; ordinary users their reduced, mostly read-only set', async () => {
    const staff = { is_staff: true, is_superuser: false };
    const superuser = { is_staff: false, is_superuser: true };
    const user = { is_staff: false, is_superuser: false };
    for (const resource of [...Object.keys(resourceTable), 'monitoring', 'configuration']) {
      for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
        expect(canAccessWith(staff, resource, action)).toBe(true);
        expect(canAccessWith(superuser, resource, action)).toBe(true);
      }
    }
    for (const resource of ['projects', 'power-plants', 'investors', 'mppts', 'strings', 'panels', 'tags']) {
      expect(canAccessWith(user, resource, 'list')).toBe(true);
      expect(canAccessWith(user, resource, 'show')).toBe(true);
      expect(canAccessWith(user, resource, 'create')).toBe(false);
      expect(canAccessWith(user, resource, 'edit')).toBe(false);
      expect(canAccessWith(user, resource, 'delete')).toBe(false);
    }
    for (const resource of ['users', 'project-users', 'tag-users', 'trademarks', 'equipments', 'settings', 'notifications', 'ticket-categories']) {
      expect(canAccessWith(user, resource, 'list')).toBe(false);
    }
    expect(canAccessWith(user, 'tickets', 'create')).toBe(true);
    expect(canAccessWith(user, 'tickets', 'delete')).toBe(false);
    expect(canAccessWith(user, 'ticket-messages', 'create')).toBe(true);
    expect(canAccessWith(user, 'user-notifications', 'list')).toBe(true);
    expect(canAccessWith(user, 'monitoring', 'anything')).toBe(true);
    expect(canAccessWith(user, 'profile', 'edit')).toBe(true);
    expect(Object.keys(USER_ACCESS).every((r) => r in resourceTable || ['monitoring'].includes(r))).toBe(true);

    setProfile(PROFILE);
    await expect(authProvider.canAccess!({ resource: 'projects', action: 'list' } as any)).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'users', action: 'list' } as any)).resolves.toBe(false);
    setProfile({ ...PROFILE, is_staff: true });
    await expect(authProvider.canAccess!({ resource: 'users', action: 'delete' } as any)).resolves.toBe(true);
  });
});

describe('store', () => {
  it("keeps the chosen language when react-admin resets the store on logout", () => {
    const store = createStore(memoryStore());
    store.setup();
    store.setItem('locale', 'fr');
    store.setItem('projects.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('locale')).toBe('fr');
    expect(store.getItem('projects.listParams')).toBeUndefined();
  });
});
