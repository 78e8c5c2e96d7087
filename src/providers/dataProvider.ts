/**
 * One generic translator from react-admin's data calls to the endpoints of resourceTable.ts.
 *
 * Lists are paged, ordered and searched on the server (`page`, `page_size`, `ordering=-field`,
 * the `q` filter as `search`, other filters as query parameters). An endpoint that answers a plain
 * array anyway (or is marked `unpaged`) is filtered, sorted and sliced here instead.
 */
import { HttpError, type DataProvider, type GetListParams, type GetListResult, type Identifier, type RaRecord } from 'react-admin';
import { request, type Query } from './http';
import { resourceTable, type ResourceSpec } from './resourceTable';
import { bodyShape } from './bodies';
import { monitoringReads } from './monitoring';
import { deviceCalls } from './devices';

type Data = Record<string, any>;

export interface CallParams {
  id?: Identifier;
  data?: Data;
  query?: Query;
}

export type AppDataProvider = DataProvider & typeof monitoringReads & typeof deviceCalls & {
  /** A non-CRUD call of the table (`actions`), e.g. call('tickets', 'changeStatus', {id, data: {status}}). */
  call: <T = unknown>(resource: string, action: string, params?: CallParams) => Promise<T>;
};

function specOf(resource: string): ResourceSpec {
  const spec = resourceTable[resource];
  if (!spec) throw new Error(`Unknown resource "${resource}"`);
  return spec;
}

function need<T>(value: T | undefined, resource: string, what: string): T {
  if (!value) throw new Error(`The API has no ${what} endpoint for "${resource}"`);
  return value;
}

/** The path with its one parameter (`:id`, or the parent's `:plant`...) filled in. */
const fill = (path: string, id: Identifier) => path.replace(/:\w+/, encodeURIComponent(String(id)));
const toRecord = (spec: ResourceSpec, item: Data) => (spec.toRecord ? spec.toRecord(item) : item) as RaRecord;

/** A new upload from react-admin's FileInput/ImageInput value, or a File itself; existing files are never re-sent. */
function newFile(value: unknown): File | undefined {
  if (value instanceof File) return value;
  const raw = (value as { rawFile?: unknown } | null)?.rawFile;
  return raw instanceof File ? raw : undefined;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The body of a create/update: the fields of the endpoint's body in the contract (bodies.ts) that
 * `data` holds, optional ones (the table's SPEC §5 rule) only when filled in, files only when new.
 */
export function buildBody(spec: ResourceSpec, data: Data, method: string, path: string): FormData | Data {
  const shape = bodyShape(method, path);
  const optional = new Set(spec.optional ?? []);
  const entries: [string, unknown][] = [];
  for (const field of shape.fields) {
    if (shape.multipart && shape.lists.has(field)) continue; // JSON only (alarm_opt_out): multipart has no lists
    const value = shape.files.has(field) ? newFile(data[field]) : data[field];
    if (value === undefined || (optional.has(field) && isEmpty(value))) continue;
    entries.push([field, value]);
  }
  if (!shape.multipart) return Object.fromEntries(entries);
  const form = new FormData();
  for (const [field, value] of entries) {
    if (value === null) continue; // multipart has no null: leave the field out
    if (value instanceof File) form.append(field, value, value.name);
    else form.append(field, String(value));
  }
  return form;
}

const matches = (item: Data, filter: Data) => Object.entries(filter).every(([key, want]) => {
  if (want === undefined || want === '') return true;
  if (key === 'q') {
    const term = String(want).toLowerCase();
    return Object.values(item).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(term));
  }
  const have = item[key];
  return Array.isArray(want) ? want.map(String).includes(String(have)) : String(have) === String(want);
});

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Filtering, ordering and paging in the browser, for answers that came as a plain array. */
function inBrowser(rows: RaRecord[], params: GetListParams, filter: Data): GetListResult {
  let result = rows.filter((r) => matches(r, filter));
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) result = [...result].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
  const total = result.length;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: total };
  return { data: result.slice((page - 1) * perPage, page * perPage), total };
}

/** GET of a list: by-parent endpoint when the filter names its parent, else the list endpoint. */
async function fetchList(resource: string, params: GetListParams): Promise<GetListResult> {
  const spec = specOf(resource);
  const filter: Data = { ...(params.filter ?? {}) };
  let path = spec.list;
  // Fixed parameters belong to the list endpoint only.
  let fixed = spec.listQuery;
  for (const [target, parentPath] of Object.entries(spec.byParent ?? {})) {
    if (filter[target] !== undefined && filter[target] !== null && filter[target] !== '') {
      path = fill(parentPath, filter[target]);
      fixed = undefined;
      delete filter[target];
      break;
    }
  }
  path = need(path, resource, 'list');

  if (spec.unpaged) {
    const answer = await request(path, { query: fixed, signal: params.signal });
    const rows = (spec.extract ? spec.extract(answer) : answer as Data[]).map((i) => toRecord(spec, i));
    return inBrowser(rows, params, filter);
  }

  const { q, ...rest } = filter;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  const query: Query = {
    ...fixed,
    ...rest,
    search: q,
    page,
    page_size: perPage,
    ordering: field ? `${order === 'DESC' ? '-' : ''}${field}` : undefined,
  };
  const answer = await request<any>(path, { query, signal: params.signal });
  if (answer && Array.isArray(answer.results)) {
    return { data: answer.results.map((i: Data) => toRecord(spec, i)), total: answer.count };
  }
  // The endpoint ignored paging: every row came back.
  const rows = (spec.extract ? spec.extract(answer) : answer as Data[]) ?? [];
  return inBrowser(rows.map((i) => toRecord(spec, i)), params, filter);
}

async function fetchAll(resource: string): Promise<RaRecord[]> {
  const spec = specOf(resource);
  const answer = await request<any>(need(spec.list, resource, 'list'), { query: spec.listQuery });
  return ((spec.extract ? spec.extract(answer) : answer) as Data[]).map((i) => toRecord(spec, i));
}

const notFound = (resource: string, id: Identifier) => new HttpError(`${resource} ${id}: No encontrado.`, 404, { detail: 'No encontrado.' });

async function fetchOne(resource: string, id: Identifier): Promise<RaRecord> {
  const spec = specOf(resource);
  if (spec.one) return toRecord(spec, await request<Data>(fill(spec.one, id)));
  const found = (await fetchAll(resource)).find((r) => String(r.id) === String(id));
  if (!found) throw notFound(resource, id);
  return found;
}

/** The saved record from an answer (some endpoints answer 204 or a bare status). */
function saved(spec: ResourceSpec, answer: unknown, fallback: Data): RaRecord {
  const item = Array.isArray(answer) ? answer[0] : answer;
  const record = item && typeof item === 'object' && 'id' in item
    ? toRecord(spec, item as Data)
    : { ...fallback } as RaRecord;
  spec.onSaved?.(record);
  return record;
}

export const dataProvider: AppDataProvider = {
  getList: (resource, params) => fetchList(resource, params),

  getOne: async (resource, { id }) => ({ data: await fetchOne(resource, id) as any }),

  /**
   * The API has no bulk get. With a `one` endpoint each distinct id is fetched (a reference field
   * asks for a page's worth of ids at once, and react-query caches each record); without one, the
   * table's list is small by nature (communes, settings, categories, types, users) and is read once.
   */
  getMany: async (resource, { ids }) => {
    const spec = specOf(resource);
    const unique = [...new Set(ids.map(String))];
    if (spec.one) {
      const data = await Promise.all(unique.map((id) => fetchOne(resource, ids.find((i) => String(i) === id)!)));
      return { data: data as any[] };
    }
    const all = await fetchAll(resource);
    return { data: all.filter((r) => unique.includes(String(r.id))) as any[] };
  },

  getManyReference: (resource, { target, id, filter, ...rest }) =>
    fetchList(resource, { ...rest, filter: { ...filter, [target]: id } }),

  create: async (resource, { data }) => {
    const spec = specOf(resource);
    const path = need(typeof spec.create === 'function' ? spec.create(data) : spec.create, resource, 'create');
    const answer = await request(path, { method: 'POST', body: buildBody(spec, data, 'POST', path) });
    return { data: saved(spec, answer, data) } as any;
  },

  update: async (resource, { id, data, previousData }) => {
    const spec = specOf(resource);
    const path = need(spec.update, resource, 'update');
    const method = spec.updateMethod ?? 'PUT';
    const answer = await request(fill(path, id), { method, body: buildBody(spec, data, method, path) });
    return { data: saved(spec, answer, { ...previousData, ...data, id }) } as any;
  },

  updateMany: async (resource, { ids, data }) => {
    for (const id of ids) await dataProvider.update(resource, { id, data, previousData: { id } });
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    const spec = specOf(resource);
    await request(fill(need(spec.delete, resource, 'delete'), id), { method: 'DELETE' });
    return { data: (previousData ?? { id }) } as any;
  },

  deleteMany: async (resource, { ids }) => {
    for (const id of ids) await dataProvider.delete(resource, { id });
    return { data: ids };
  },

  call: async <T,>(resource: string, action: string, { id, data = {}, query }: CallParams = {}) => {
    const endpoint = specOf(resource).actions?.[action];
    if (!endpoint) throw new Error(`Unknown call "${action}" of "${resource}"`);
    const path = id === undefined ? endpoint.path : fill(endpoint.path, id);
    // GET and DELETE carry no body (a proxy may refuse one).
    const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined
      : endpoint.fields ? Object.fromEntries(endpoint.fields.filter((f) => f in data).map((f) => [f, data[f]])) : data;
    return request<T>(path, { method: endpoint.method, body, query });
  },

  ...monitoringReads,
  ...deviceCalls,
};
