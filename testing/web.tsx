/**
 * Test harness for the resource screens: the app's own resources (src/resources) mounted in a real
 * react-admin <AdminContext>/<AdminUI> with the app's i18nProvider, an in-memory dataProvider that
 * records every call, and an authProvider that says whether the user is staff.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route } from 'react-router-dom';
import { vi } from 'vitest';
import {
  AdminContext, AdminUI, CustomRoutes, memoryStore, Resource,
  type AuthProvider, type DataProvider, type RaRecord,
} from 'react-admin';
import { resources } from '../src/resources';
import { createI18nProvider } from '../src/providers/i18nProvider';
import { closeResult, ResultDialogHost } from '../src/components/ResultDialog';

export type Tables = Record<string, RaRecord[]>;

const textOf = (record: RaRecord) => Object.values(record).filter((v) => typeof v === 'string' || typeof v === 'number').join(' ').toLowerCase();

const matches = (record: RaRecord, filter: Record<string, unknown>) => Object.entries(filter).every(([key, want]) => {
  if (want === undefined || want === '') return true;
  if (key === 'q') return textOf(record).includes(String(want).toLowerCase());
  if (!(key in record)) return true; // e.g. admin=True: a server-side switch
  return String(record[key]) === String(want);
});

/**
 * A dataProvider over in-memory tables. Every method is a vi.fn so tests can assert the calls, and
 * `fail` makes a method reject (with a DRF-like body) for one resource.
 */
export function fakeDataProvider(tables: Tables, fail: Partial<Record<keyof DataProvider, Record<string, unknown>>> = {}) {
  let nextId = 1000;
  const table = (resource: string) => (tables[resource] ??= []);
  const failure = (method: keyof DataProvider, resource: string) => {
    const body = fail[method]?.[resource];
    if (body === undefined) return;
    throw Object.assign(new Error('HTTP 400'), { status: 400, body });
  };
  const list = (resource: string, params: any) => {
    failure('getList', resource);
    let rows = table(resource).filter((r) => matches(r, params.filter ?? {}));
    const { field, order } = params.sort ?? {};
    if (field) rows = [...rows].sort((a, b) => String(a[field]).localeCompare(String(b[field]), undefined, { numeric: true }) * (order === 'DESC' ? -1 : 1));
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
  };
  const provider = {
    getList: vi.fn(async (resource: string, params: any) => list(resource, params)),
    getManyReference: vi.fn(async (resource: string, { target, id, ...params }: any) => {
      failure('getManyReference', resource);
      return list(resource, { ...params, filter: { ...params.filter, [target]: id } });
    }),
    getOne: vi.fn(async (resource: string, { id }: any) => {
      failure('getOne', resource);
      const found = table(resource).find((r) => String(r.id) === String(id));
      if (!found) throw Object.assign(new Error('Not found'), { status: 404, body: { detail: 'No encontrado.' } });
      return { data: found };
    }),
    getMany: vi.fn(async (resource: string, { ids }: any) => ({
      data: table(resource).filter((r) => ids.map(String).includes(String(r.id))),
    })),
    create: vi.fn(async (resource: string, { data }: any) => {
      failure('create', resource);
      const record = { ...data, id: nextId++ };
      table(resource).push(record);
      return { data: record };
    }),
    update: vi.fn(async (resource: string, { id, data }: any) => {
      failure('update', resource);
      const rows = table(resource);
      const index = rows.findIndex((r) => String(r.id) === String(id));
      rows[index] = { ...rows[index], ...data, id: rows[index]?.id ?? id };
      return { data: rows[index] };
    }),
    delete: vi.fn(async (resource: string, { id, previousData }: any) => {
      failure('delete', resource);
      tables[resource] = table(resource).filter((r) => String(r.id) !== String(id));
      return { data: previousData ?? { id } };
    }),
    updateMany: vi.fn(async () => ({ data: [] })),
    deleteMany: vi.fn(async () => ({ data: [] })),
  };
  return provider;
}

export function fakeAuthProvider({ staff, id = 1 }: { staff: boolean; id?: number }): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ is_staff: staff, is_superuser: false }),
    getIdentity: async () => ({ id, fullName: staff ? 'Admin' : 'Ana Paz' }),
    // As the app's authProvider: ordinary users read, administrators do everything.
    canAccess: async ({ action }) => staff || ['list', 'show'].includes(action),
  };
}

/** No app bar or menu: just the page and, as in the app's layout, the result dialog. */
const TestLayout = ({ children }: { children: ReactNode }) => <>{children}<ResultDialogHost /></>;

/** Renders the admin at `path` (relative to the admin root), as staff or as an ordinary user. */
export function renderAdmin(path: string, { dataProvider, staff = true, routes }: {
  dataProvider: ReturnType<typeof fakeDataProvider>; staff?: boolean; routes?: ReactNode;
}) {
  closeResult();
  const visible = resources.filter((r) => !r.staffOnly || staff);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} authProvider={fakeAuthProvider({ staff })}
        i18nProvider={createI18nProvider()} store={memoryStore()}>
        <AdminUI layout={TestLayout}>
          {visible.map(({ name, list, show, edit, create, recordRepresentation }) => (
            <Resource key={name} name={name} list={list} show={show} edit={edit} create={create}
              recordRepresentation={recordRepresentation} />
          ))}
          <CustomRoutes>
            {visible.flatMap((r) => (r.routes ?? []).map(({ path: p, element: Page }) => (
              <Route key={p} path={`/${p}`} element={<Page />} />
            )))}
            {routes}
          </CustomRoutes>
        </AdminUI>
      </AdminContext>
    </MemoryRouter>,
  );
}
