/**
 * The admin part under /app (loaded lazily by App.tsx): react-admin's context (data, auth, queries)
 * on the store and translations of the app shell, and its UI with basename /app, one <Resource> per
 * entry of src/resources/index.ts (each screen asks canAccess, src/resources/access.ts), and the custom pages
 * (monitoring, own profile, the pages entries bring). Login lives outside, at /login, and the
 * session is checked before this mounts (RequireSession in App.tsx).
 */
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminContext, AdminUI, BasenameContextProvider, CustomRoutes, Resource, useCreatePath, useI18nProvider,
  useResourceContext, useStoreContext, type RaThemeOptions, type Store,
} from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { resources } from '../resources';
import { adminAuthProvider, pagesFor } from '../resources/access';
import { MonitoringPage } from '../pages/monitoring/MonitoringPage';
import { permissionsOf, type Permissions } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { reactRouterProvider } from '../providers/routerAdapter';
import { localeInfo } from '../i18n/locales';
import { useCurrentLocale, type AppI18nProvider } from '../providers/i18nProvider';
import { createAppTheme } from '../theme';
import adminMessages from '../i18n/es/admin';
import { useBrandName } from '../providers/features';
import { Layout } from './Layout';
import { AccessDeniedPage } from './AccessDeniedPage';
import { adminQueryClient, releaseQueryClient } from './adminStart';
import { lazyComponent } from '../components/lazy';

export const ADMIN_BASENAME = '/app';

// The monitoring page is what opens first: only it is in this chunk; every other screen is loaded as it opens.
const ProfilePage = lazyComponent(() => import('../resources/profile/ProfilePage'), (m) => m.default);

/** The installed app's worker and its new-version notice (src/pwa). */
const UpdatePrompt = lazyComponent(() => import('../pwa/UpdatePrompt'), (m) => m.default);

const ToMonitoring = () => <Navigate to={`${ADMIN_BASENAME}/monitoring`} replace />;
const ToNotFound = () => <Navigate to="/404" replace />;

/**
 * `/<resource>/<id>` of a resource without an edit page (react-admin's edit path) is the record's
 * page, as one would type its address; anything deeper, or `create` of a resource without a create
 * page, is unknown. Without this, `/users/1` showed the users' list, which react-admin routes at
 * every path of the resource it has no page for.
 */
function ToRecordPage() {
  const { id, '*': rest } = useParams();
  const createPath = useCreatePath();
  const resource = useResourceContext();
  return rest || !id || id === 'create' ? <ToNotFound /> : <Navigate to={createPath({ resource, id, type: 'show' })} replace />;
}

function children(permissions: Permissions | undefined) {
  return [
    ...resources.map(({ name, list, show, edit, create, icon, recordRepresentation }) => (
      <Resource
        key={name}
        name={name}
        list={list}
        show={show}
        edit={edit}
        create={create}
        icon={icon}
        recordRepresentation={recordRepresentation}
      >
        {/* A path of the resource with no page (a list or an edit page it does not have: plants and the
            levels below are listed in their parent's page and edited in dialogs) is unknown: /404. */}
        <Route path="*" element={<ToNotFound />} />
        {!edit && <Route path=":id/*" element={show ? <ToRecordPage /> : <ToNotFound />} />}
      </Resource>
    )),
    <CustomRoutes key="pages">
      <Route path="/monitoring" element={<MonitoringPage />} />
      <Route path="/profile/me" element={<ProfilePage />} />
      {pagesFor(permissions ?? permissionsOf(null)).map(({ resource, path, element: Page }) => (
        <Route key={`${resource}:${path}`} path={`/${path.replace(/^\//, '')}`} element={<Page />} />
      ))}
    </CustomRoutes>,
  ];
}

/** The screens' Spanish messages came with this chunk: the app shell adds them before the first render. */
export const addAdminMessages = (i18n: AppI18nProvider) => i18n.addAdminMessages(adminMessages);

export interface AdminFrameProps {
  queryClient: QueryClient;
  i18n: AppI18nProvider;
  store: Store;
  theme: RaThemeOptions;
  children: ReactNode;
}

/**
 * react-admin's context for the admin's screens (the app's data, auth and router providers, on this
 * query cache, translations, store and theme) under /app: the admin's, and the one the server draws
 * the monitoring page's first view in (src/firstView/render.tsx).
 */
export const AdminFrame = ({ queryClient, i18n, store, theme, children }: AdminFrameProps) => (
  <AdminContext queryClient={queryClient} routerProvider={reactRouterProvider} dataProvider={dataProvider} authProvider={adminAuthProvider} i18nProvider={i18n} store={store} theme={theme}>
    <BasenameContextProvider basename={ADMIN_BASENAME}>
      {children}
    </BasenameContextProvider>
  </AdminContext>
);

export default function AdminApp() {
  const i18n = useI18nProvider() as AppI18nProvider;
  const store = useStoreContext();
  const { dir, lang } = localeInfo(useCurrentLocale(i18n));
  const theme = useMemo(() => createAppTheme(dir, lang), [dir, lang]);
  const brand = useBrandName();
  const [queryClient] = useState(adminQueryClient);
  useEffect(() => releaseQueryClient, []);
  return (
    <AdminFrame queryClient={queryClient} i18n={i18n} store={store} theme={theme}>
      <AdminUI
        layout={Layout}
        dashboard={ToMonitoring}
        catchAll={ToNotFound}
        accessDenied={AccessDeniedPage}
        loginPage={false}
        authCallbackPage={false}
        disableTelemetry
        title={brand}
      >
        {children}
      </AdminUI>
      <Suspense fallback={null}><UpdatePrompt /></Suspense>
    </AdminFrame>
  );
}
