/**
 * Test harness for the resource screens: the app's own resources (src/resources) mounted in a real
 * react-admin <AdminContext>/<AdminUI> with the app's i18nProvider, an in-memory dataProvider that
 * records every call, and an authProvider that says whether the user is staff.
 */
import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import {
  AdminContext, AdminUI, CustomRoutes, memoryStore, Resource, type Store,
  type AuthProvider, type DataProvider, type RaRecord,
} from 'react-admin';
import { resources } from '../src/resources';
import { canAccessWith, pagesFor } from '../src/resources/access';
import { createI18nProvider, type AppI18nProvider } from '../src/providers/i18nProvider';
import adminMessages from '../src/i18n/es/admin';
import { localeInfo } from '../src/i18n/locales';
import { createAppTheme } from '../src/theme';
import { closeResult, ResultDialogHost } from '../src/components/ResultDialog';
import { monitoringReads } from '../src/providers/monitoring';
import { deviceCalls } from '../src/providers/devices';
import { FeaturesProvider } from '../src/providers/features';
import { AccessDeniedPage } from '../src/layout/AccessDeniedPage';

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
 * `fail` makes a method reject (with a DRF-like body) for one resource. The measurement and weather
 * reads are the app's own (src/providers/monitoring.ts), through fetch, which tests mock.
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
    ...monitoringReads,
    ...deviceCalls,
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
    // The app's own rules (src/resources/access.ts): a customer gets what the contract opens to them
    // (they create tickets, for one), not a blanket 'read only'.
    canAccess: async ({ resource, action }) => canAccessWith({ is_staff: staff, is_superuser: false }, resource ?? '', action),
  };
}

/** Where the admin is (`screen.getByTestId('location')`), for tests of redirections. */
const LocationProbe = () => <span hidden data-testid="location">{useLocation().pathname}</span>;

/** No app bar or menu: just the page and, as in the app's layout, the result dialog. */
const TestLayout = ({ children }: { children: ReactNode }) => <>{children}<ResultDialogHost /><LocationProbe /></>;

/** The app's translations with the admin's messages, as the admin has them. */
export const adminI18n = () => createI18nProvider(adminMessages);

/** The app's translations already switched to `locale` (its messages loaded), for renderAdmin. */
export async function i18nIn(locale: string) {
  const i18n = adminI18n();
  await i18n.changeLocale(locale);
  return i18n;
}

/**
 * Renders the admin at `path` (relative to the admin root), as staff or as an ordinary user, in
 * Spanish or in the language of `i18n` (i18nIn), with the app's theme of that language.
 */
export function renderAdmin(path: string, { dataProvider, staff = true, routes, i18n = adminI18n(), store = memoryStore(), queryClient, layout = TestLayout }: {
  dataProvider: ReturnType<typeof fakeDataProvider>; staff?: boolean; routes?: ReactNode; i18n?: AppI18nProvider; store?: Store;
  /** The admin's query cache (one the page starts with answers in, as after the server's first view). */
  queryClient?: QueryClient;
  /** The app's own layout (top bar, menu) instead of the page alone. */
  layout?: ComponentType<{ children: ReactNode }>;
}) {
  closeResult();
  const { dir, lang } = localeInfo(i18n.getLocale());

  return render(
    <MemoryRouter initialEntries={[path]}>
      <FeaturesProvider>
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} authProvider={fakeAuthProvider({ staff })} queryClient={queryClient}
        i18nProvider={i18n} store={store} theme={createAppTheme(dir, lang)}>
        <AdminUI layout={layout} accessDenied={AccessDeniedPage}>
          {resources.map(({ name, list, show, edit, create, recordRepresentation }) => (
            <Resource key={name} name={name} list={list} show={show} edit={edit} create={create}
              recordRepresentation={recordRepresentation} />
          ))}
          <CustomRoutes>
            {pagesFor({ is_staff: staff, is_superuser: false }).map(({ path: p, element: Page }) => (
              <Route key={p} path={`/${p}`} element={<Page />} />
            ))}
            {routes}
          </CustomRoutes>
        </AdminUI>
      </AdminContext>
      </FeaturesProvider>
    </MemoryRouter>,
  );
}

/** In the calling suite: react-admin's console errors and warnings silenced per test, spies restored after. */
export function quietConsole() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());
}

/** The open result dialog (SPEC §8 'Excelente' / 'Error'), once it shows. */
export const resultDialog = () => screen.findByRole('dialog', { name: /Excelente|Error/ }, { timeout: 5000 });

/** Presses 'Aceptar' and waits until the dialog is gone (after a navigation, wait for the new page first). */
export async function acceptDialog() {
  await resultDialog();
  await waitFor(() => {
    const button = screen.queryByRole('button', { name: 'Aceptar' });
    if (button) fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: /Excelente|Error/ })).not.toBeInTheDocument();
  });
}

/**
 * The screen of a 390 px wide phone for the calling test: media queries (MUI's `useMediaQuery`,
 * react-admin's) answer as Chromium would at that width. tests/web/setup.ts restores a wide screen.
 */
export function phoneScreen(width = 390) {
  const fits = (query: string) => [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)]
    .every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)));
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: /width/.test(query) && fits(query), media: query, onchange: null,
    addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}
