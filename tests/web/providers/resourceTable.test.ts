/**
 * Every row and operation of the resource table (src/providers/resourceTable.ts) through the data
 * provider, with a mocked fetch: method, URL, body (JSON or multipart, optional fields left out)
 * and what react-admin gets back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider, type AppDataProvider } from '../../../src/providers/dataProvider';
import { resourceTable } from '../../../src/providers/resourceTable';
import { allEndpoints } from '../../../contract/index';
import type { EndpointSpec } from '../../../contract/http';
import { getProfile, setTokens } from '../../../src/providers/session';
import { calls, formEntries, LIST, mockedFetchPerTest, mockFetch, PAGED, page, query } from '../../../testing/fetch-mock';

mockedFetchPerTest();
beforeEach(() => {
  setTokens({ access: 'A1', refresh: 'R1' });
});

const file = () => new File(['png'], 'photo.png', { type: 'image/png' });

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
    run: (dp) => dp.create('investors', { data: { plant: 2, name: 'Inv', equipment: 1, model: 'M', serial_number: 'S', nominal_power_kw: 5, datalogger_address: 'http://10.0.0.2', datalogger_id: '240.123456', device_id: 1, plant_name: 'x' } }),
    method: 'POST', path: '/api/investor/create',
    json: { plant: 2, name: 'Inv', equipment: 1, model: 'M', serial_number: 'S', nominal_power_kw: 5, datalogger_address: 'http://10.0.0.2', datalogger_id: '240.123456', device_id: 1 },
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
    covers: 'users.create', run: (dp) => dp.create('users', { data: { first_name: 'Ana', last_name: 'Paz', email: 'a@b.cl', phone: '', address: 'Calle 1', password: '', is_staff: false } }),
    // Without a password: the server mails an invitation.
    method: 'POST', path: '/api/auth/create/user', json: { first_name: 'Ana', last_name: 'Paz', email: 'a@b.cl', address: 'Calle 1', is_staff: false }, reply: { id: 5 },
  },
  {
    covers: 'users.update', run: (dp) => dp.update('users', { id: 5, data: { id: 5, email: 'a@b.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: 'Calle 1', is_staff: true }, previousData: { id: 5 } }),
    method: 'PUT', path: '/api/user/update/5', json: { email: 'a@b.cl', first_name: 'Ana', last_name: 'Paz', address: 'Calle 1' }, reply: { id: 5 },
  },
  { covers: 'users.action.permits', run: (dp) => dp.call('users', 'permits', { id: 5, data: { is_staff: true, email: 'a@b.cl' } }), method: 'PUT', path: '/api/permits-user/5', json: { is_staff: true }, reply: { id: 5, is_staff: true } },
  { covers: 'users.action.resendActivation', run: (dp) => dp.call('users', 'resendActivation', { id: 9 }), method: 'POST', path: '/api/auth/account-check/9/resend', json: {}, reply: { detail: 'ok' } },
  { covers: 'users.action.activate', run: (dp) => dp.call('users', 'activate', { id: 9 }), method: 'PUT', path: '/api/auth/account-activate/9', json: {}, reply: { id: 9, is_active: true } },
  { covers: 'users.action.deactivate', run: (dp) => dp.call('users', 'deactivate', { id: 9 }), method: 'PUT', path: '/api/user/deactivate/9', json: {}, reply: { id: 9, is_active: false } },
  { covers: 'users.delete', run: (dp) => dp.delete('users', { id: 9, previousData: { id: 9 } }), method: 'DELETE', path: '/api/user/deleted/9' },
  { covers: 'power-plants.action.readings', run: (dp) => dp.call('power-plants', 'readings', { id: 4 }), method: 'GET', path: '/api/power-plant/4/readings', reply: { plant: 4, readings: 12 } },
  { covers: 'power-plants.action.deleteReadings', run: (dp) => dp.call('power-plants', 'deleteReadings', { id: 4 }), method: 'DELETE', path: '/api/power-plant/4/readings', reply: { plant: 4, readings: 12 } },
  {
    covers: 'panels.action.createMany', run: (dp) => dp.call('panels', 'createMany', { data: { string: 40, equipment: 1, count: 20, power_wp: 545 } }),
    method: 'POST', path: '/api/panel/create-many', json: { string: 40, equipment: 1, count: 20, power_wp: 545 }, reply: [],
  },

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
    covers: 'distributors.list',
    run: (dp) => dp.getList('distributors', { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} }),
    method: 'GET', path: '/api/distributor-all/', query: { page: '1', page_size: '25', ordering: 'name' },
    reply: { count: 1, next: null, previous: null, results: [{ id: 3, name: 'Enel Distribución Chile' }] },
    result: (r) => expect(r).toEqual({ data: [{ id: 3, name: 'Enel Distribución Chile' }], total: 1 }),
  },
  { covers: 'distributors.one', run: (dp) => dp.getOne('distributors', { id: 3 }), method: 'GET', path: '/api/distributor/3', reply: { id: 3, name: 'CGE' } },
  { covers: 'distributors.create', run: (dp) => dp.create('distributors', { data: { name: 'Saesa' } }), method: 'POST', path: '/api/distributor/create', json: { name: 'Saesa' }, reply: { id: 4, name: 'Saesa' } },
  { covers: 'distributors.update', run: (dp) => dp.update('distributors', { id: 4, data: { id: 4, name: 'Frontel' }, previousData: { id: 4 } }), method: 'PUT', path: '/api/distributor/update/4', json: { name: 'Frontel' }, reply: { id: 4 } },
  { covers: 'distributors.delete', run: (dp) => dp.delete('distributors', { id: 4 }), method: 'DELETE', path: '/api/distributor/deleted/4' },
  // A distributor's tariffs: the charges left empty are not sent (the server takes 0), the nullable ones go as null.
  { covers: 'tariffs.byParent.distributor', run: (dp) => dp.getManyReference('tariffs', { ...LIST, target: 'distributor', id: 3 }), method: 'GET', path: '/api/tariff-all/3', query: PAGED, reply: [] },
  { covers: 'tariffs.one', run: (dp) => dp.getOne('tariffs', { id: 5 }), method: 'GET', path: '/api/tariff/5', reply: { id: 5 } },
  {
    covers: 'tariffs.create',
    run: (dp) => dp.create('tariffs', { data: { distributor: 3, option: 'BT1a', valid_from: '2026-07-01', valid_to: null, energy_charge: 140.5, fixed_charge: null, winter_charge: null, source: '' } }),
    method: 'POST', path: '/api/tariff/create', json: { distributor: 3, option: 'BT1a', valid_from: '2026-07-01', valid_to: null, energy_charge: 140.5, winter_charge: null }, reply: { id: 5 },
  },
  { covers: 'tariffs.update', run: (dp) => dp.update('tariffs', { id: 5, data: { id: 5, distributor: 3, option: 'BT2', valid_from: '2026-07-01', demand_charge: 9800 }, previousData: { id: 5 } }), method: 'PUT', path: '/api/tariff/update/5', json: { distributor: 3, option: 'BT2', valid_from: '2026-07-01', demand_charge: 9800 }, reply: { id: 5 } },
  { covers: 'tariffs.delete', run: (dp) => dp.delete('tariffs', { id: 5 }), method: 'DELETE', path: '/api/tariff/deleted/5' },
  { covers: 'tariffs.action.import', run: (dp) => dp.call('tariffs', 'import', { data: { csv: 'a,b\n' } }), method: 'POST', path: '/api/tariff/import', json: { csv: 'a,b\n' }, reply: { created: 1, updated: 0 } },
  { covers: 'injection-prices.byParent.distributor', run: (dp) => dp.getManyReference('injection-prices', { ...LIST, target: 'distributor', id: 3 }), method: 'GET', path: '/api/injection-price-all/3', query: PAGED, reply: [] },
  { covers: 'injection-prices.one', run: (dp) => dp.getOne('injection-prices', { id: 6 }), method: 'GET', path: '/api/injection-price/6', reply: { id: 6 } },
  { covers: 'injection-prices.create', run: (dp) => dp.create('injection-prices', { data: { distributor: 3, month: '2026-03-01', price: 62.5, source: '' } }), method: 'POST', path: '/api/injection-price/create', json: { distributor: 3, month: '2026-03-01', price: 62.5 }, reply: { id: 6 } },
  { covers: 'injection-prices.update', run: (dp) => dp.update('injection-prices', { id: 6, data: { id: 6, distributor: 3, month: '2026-03-01', price: 63, source: 'ITD' }, previousData: { id: 6 } }), method: 'PUT', path: '/api/injection-price/update/6', json: { distributor: 3, month: '2026-03-01', price: 63, source: 'ITD' }, reply: { id: 6 } },
  { covers: 'injection-prices.delete', run: (dp) => dp.delete('injection-prices', { id: 6 }), method: 'DELETE', path: '/api/injection-price/deleted/6' },
  { covers: 'real-bills.byParent.plant', run: (dp) => dp.getManyReference('real-bills', { ...LIST, target: 'plant', id: 7 }), method: 'GET', path: '/api/real-bill-all/7', query: PAGED, reply: [] },
  { covers: 'real-bills.one', run: (dp) => dp.getOne('real-bills', { id: 2 }), method: 'GET', path: '/api/real-bill/2', reply: { id: 2 } },
  {
    covers: 'real-bills.create',
    run: (dp) => dp.create('real-bills', { data: { plant: 7, month: '2026-02-01', bought_kwh: 210.5, injected_kwh: 300, amount: 24_745, attachment: { rawFile: new File(['%PDF'], 'boleta.pdf', { type: 'application/pdf' }), src: 'blob:b' } } }),
    method: 'POST', path: '/api/real-bill/create', form: { plant: '7', month: '2026-02-01', bought_kwh: '210.5', injected_kwh: '300', amount: '24745', attachment: expect.any(File) }, reply: { id: 2 },
  },
  { covers: 'real-bills.update', run: (dp) => dp.update('real-bills', { id: 2, data: { id: 2, plant: 7, month: '2026-02-01', bought_kwh: 1, injected_kwh: 2, amount: 3, attachment: null }, previousData: { id: 2 } }), method: 'PUT', path: '/api/real-bill/update/2', form: { plant: '7', month: '2026-02-01', bought_kwh: '1', injected_kwh: '2', amount: '3' }, reply: { id: 2 } },
  { covers: 'real-bills.delete', run: (dp) => dp.delete('real-bills', { id: 2 }), method: 'DELETE', path: '/api/real-bill/deleted/2' },
  { covers: 'injection-prices.action.import', run: (dp) => dp.call('injection-prices', 'import', { data: { csv: 'x' } }), method: 'POST', path: '/api/injection-price/import', json: { csv: 'x' }, reply: { created: 0, updated: 2 } },
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

  // fleet: one read, its filters and ordering passed through as the API names them
  {
    covers: 'fleet.list',
    run: (dp) => dp.getList('fleet', { pagination: { page: 2, perPage: 25 }, sort: { field: 'performance_today', order: 'DESC' }, filter: { q: 'maip', status: 'offline', tag: 3 } }),
    method: 'GET', path: '/api/fleet/plants', query: { search: 'maip', status: 'offline', tag: '3', page: '2', page_size: '25', ordering: '-performance_today' },
    reply: { count: 26, next: null, previous: '/api/fleet/plants?page=1', results: [{ id: 4, name: 'Planta Maipú', status: 'offline' }] },
    result: (r) => expect(r).toEqual({ data: [{ id: 4, name: 'Planta Maipú', status: 'offline' }], total: 26 }),
  },

  // alarms
  {
    covers: 'alarms.list', run: (dp) => dp.getList('alarms', { ...LIST, filter: { status: 'open', kind: 'mppt_low', opened_from: '2026-01-01' } }),
    method: 'GET', path: '/api/alarm/list', query: { ...PAGED, status: 'open', kind: 'mppt_low', opened_from: '2026-01-01' }, reply: page([]),
  },
  {
    covers: 'alarms.byParent.plant', run: (dp) => dp.getList('alarms', { ...LIST, filter: { plant: 7, active: true } }),
    method: 'GET', path: '/api/alarm/of/plant/7', query: { ...PAGED, active: 'true' }, reply: page([]),
  },
  { covers: 'alarms.one', run: (dp) => dp.getOne('alarms', { id: 5 }), method: 'GET', path: '/api/alarm/detail/5', reply: { id: 5, events: [] } },
  { covers: 'alarms.action.acknowledge', run: (dp) => dp.call('alarms', 'acknowledge', { id: 5, data: { comment: 'En camino', status: 'open' } }), method: 'POST', path: '/api/alarm/acknowledge/5', json: { comment: 'En camino' }, reply: { id: 5 } },
  { covers: 'alarms.action.ticket', run: (dp) => dp.call('alarms', 'ticket', { id: 5, data: {} }), method: 'POST', path: '/api/alarm/ticket/5', json: {}, reply: { id: 5, ticket: 31 } },
  { covers: 'alarms.action.thresholds', run: (dp) => dp.call('alarms', 'thresholds'), method: 'GET', path: '/api/alarm/thresholds', reply: {} },
  {
    covers: 'alarms.action.setThresholds', run: (dp) => dp.call('alarms', 'setThresholds', { data: { alarm_offline_minutes: 45 } }),
    method: 'PUT', path: '/api/alarm/thresholds', json: { alarm_offline_minutes: 45 }, reply: {},
  },
  { covers: 'alarms.action.plantThresholds', run: (dp) => dp.call('alarms', 'plantThresholds', { id: 7 }), method: 'GET', path: '/api/alarm/thresholds/plant/7', reply: {} },
  {
    covers: 'alarms.action.setPlantThresholds', run: (dp) => dp.call('alarms', 'setPlantThresholds', { id: 7, data: { alarm_offline_minutes: null, alarm_expected_pct: 40 } }),
    method: 'PUT', path: '/api/alarm/thresholds/plant/7', json: { alarm_offline_minutes: null, alarm_expected_pct: 40 }, reply: {},
  },
  // own profile
  {
    covers: 'profile.action.alarmOptOut', run: (dp) => dp.call('profile', 'alarmOptOut', { data: { alarm_opt_out: ['mppt_low'], first_name: 'x' } }),
    method: 'PUT', path: '/api/my-profile/update', json: { alarm_opt_out: ['mppt_low'] }, reply: {},
  },
  {
    covers: 'profile.action.language', run: (dp) => dp.call('profile', 'language', { data: { language: 'ar', first_name: 'x' } }),
    method: 'PUT', path: '/api/my-profile/update', json: { language: 'ar' }, reply: {},
  },
  { covers: 'profile.action.pushKey', run: (dp) => dp.call('profile', 'pushKey'), method: 'GET', path: '/api/web-push/key', reply: { public_key: 'BK' } },
  {
    covers: 'profile.action.pushSubscribe', run: (dp) => dp.call('profile', 'pushSubscribe', { data: { endpoint: 'https://push.example/x', keys: { p256dh: 'p', auth: 'a' }, alarm_closings: true } }),
    method: 'POST', path: '/api/web-push/devices', json: { endpoint: 'https://push.example/x', keys: { p256dh: 'p', auth: 'a' }, alarm_closings: true }, reply: { id: 1 },
  },
  { covers: 'profile.action.pushDevices', run: (dp) => dp.call('profile', 'pushDevices'), method: 'GET', path: '/api/web-push/devices', reply: [] },
  { covers: 'profile.action.pushRemove', run: (dp) => dp.call('profile', 'pushRemove', { id: 7 }), method: 'DELETE', path: '/api/web-push/devices/7' },
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

describe('the resource table', () => {
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
});

/**
 * A value every body property of the contract takes, from its schema (issue 33: the plants' form
 * never sent `injection_price`, which the hand-kept field list of the table had missed).
 */
function sample(schema: any, name: string): unknown {
  if (schema.format === 'binary') return { rawFile: new File(['x'], `${name}.png`, { type: 'image/png' }), src: 'blob:x' };
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((b: any) => b.type !== 'null') ?? branches[0], name);
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'integer': return Math.max(3, schema.minimum ?? 3);
    case 'number': return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : (schema.maximum !== undefined && schema.maximum <= 0 ? schema.maximum : 8.25);
    case 'boolean': return true;
    case 'array': return [sample(schema.items, name)];
    case 'string': return schema.format === 'date' ? '2026-11-15' : schema.format === 'email' ? 'ana@solar.cl' : `${name}-x`;
    default: throw new Error(`no sample for ${name}: ${JSON.stringify(schema)}`);
  }
}

/** The table's create and update calls, with the contract endpoint behind each (notifications: one per addressee kind). */
function writes() {
  const endpoints = allEndpoints();
  const find = (method: string, path: string) => endpoints.find((e) => e.method === method && e.path === path)!;
  const out: { name: string; resource: string; op: 'create' | 'update'; endpoint: EndpointSpec; extra?: object }[] = [];
  for (const [resource, spec] of Object.entries(resourceTable)) {
    if (typeof spec.create === 'string') out.push({ name: `${resource}.create`, resource, op: 'create', endpoint: find('POST', spec.create) });
    if (typeof spec.create === 'function') {
      for (const kind of [1, 2, 3]) out.push({ name: `${resource}.create:${kind}`, resource, op: 'create', endpoint: find('POST', spec.create({ type_notification: kind })) });
    }
    if (spec.update) out.push({ name: `${resource}.update`, resource, op: 'update', endpoint: find(spec.updateMethod ?? 'PUT', spec.update) });
  }
  return out;
}

const propertiesOf = (schema: any): Record<string, any> => schema.properties ?? Object.assign({}, ...(schema.anyOf ?? []).map(propertiesOf));

describe('what a form sends comes from the contract', () => {
  it.each(writes().map((w) => [w.name, w] as const))('%s sends every body property of its endpoint', async (_name, w) => {
    const props = propertiesOf(w.endpoint.body);
    const data = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sample(s, k)]));
    mockFetch(() => ({ body: { id: 1 } }));
    if (w.op === 'create') await dataProvider.create(w.resource, { data });
    else await dataProvider.update(w.resource, { id: 1, data: { id: 1, ...data, created_at: '2026-01-01T00:00:00Z' }, previousData: { id: 1 } });
    const [call] = calls;
    const multipart = call.body instanceof FormData;
    const sent = multipart ? formEntries(call.body) : call.body as Record<string, unknown>;
    // A list cannot go in multipart (an empty one would vanish): the contract says those are JSON only.
    const expected = Object.keys(props).filter((k) => !(multipart && props[k].type === 'array'));
    expect(Object.keys(sent).sort()).toEqual(expected.sort());
    for (const k of expected) {
      if (props[k].format === 'binary') expect(sent[k]).toBeInstanceOf(File);
      else expect(sent[k]).toEqual(multipart ? String(data[k]) : data[k]);
    }
    // Multipart exactly when the body has a file field.
    expect(multipart).toBe(Object.values(props).some((s: any) => s.format === 'binary'));
  });
});
