/**
 * The whole app: the public pages and, under /app, the admin, loaded lazily (SPEC §9: lazy page load
 * timeout 120 s). Both share one store, one translation provider and one theme; the public pages
 * get only those (and a notification area) from react-admin, not its data layer and router adapter,
 * so the login page downloads little (docs/web.md, "Code split"). Routes as SPEC §2.
 */
import { Component, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import {
  I18nContextProvider, NotificationContextProvider, StoreContextProvider, useI18nProvider, useStoreContext, useTranslate, type Store,
} from 'react-admin';
import { authProvider, LOGIN_PATH } from './providers/authProvider';
import { SHARE_PAGE } from './providers/sharePage';
import { setNavigator } from './providers/session';
import { createI18nProvider, useCurrentLocale, type AppI18nProvider } from './providers/i18nProvider';
import { createStore } from './providers/store';
import { FeaturesProvider } from './providers/features';
import { localeInfo } from './i18n/locales';
import { createAppTheme, emotionCache } from './theme';
import { PublicLayout } from './pages/public/PublicLayout';
import { LoginPage } from './pages/public/LoginPage';
import { lazyComponent, withTimeout } from './components/lazy';

// The login page is in the first script; every other public page is a chunk of its own, so a visitor
// downloads only the page they open (docs/web.md, "Code split").
const RegisterPage = lazyComponent(() => import('./pages/public/RegisterPage'), (m) => m.RegisterPage);
const ForgotPasswordPage = lazyComponent(() => import('./pages/public/ForgotPasswordPage'), (m) => m.ForgotPasswordPage);
const ResetPasswordPage = lazyComponent(() => import('./pages/public/ResetPasswordPage'), (m) => m.ResetPasswordPage);
const AccountActivatePage = lazyComponent(() => import('./pages/public/AccountActivatePage'), (m) => m.AccountActivatePage);
const GoogleCallbackPage = lazyComponent(() => import('./pages/public/GoogleCallbackPage'), (m) => m.GoogleCallbackPage);
const LogoutPage = lazyComponent(() => import('./pages/public/LogoutPage'), (m) => m.LogoutPage);
const NotFoundPage = lazyComponent(() => import('./pages/public/NotFoundPage'), (m) => m.NotFoundPage);
const SharePage = lazyComponent(() => import('./pages/public/SharePage'), (m) => m.SharePage);

const loadAdminStart = () => import('./layout/adminStart');
// Opened at an admin address, the small chunk that starts the page's first reads is fetched while
// the session is checked; the admin's code only once those reads are under way (RequireSession):
// running it first held them back (docs/web.md, "Code split").
const adminStart = typeof window !== 'undefined' && window.location.pathname.startsWith('/app')
  ? loadAdminStart().catch(() => undefined) : undefined;

/**
 * The admin's component, its Spanish messages already in use: its first render must not suspend,
 * since a fallback shown meanwhile holds the page back by React's throttle on revealing content
 * (300 ms after the fallback).
 */
async function loadAdmin(i18n: AppI18nProvider) {
  const admin = await withTimeout(() => import('./layout/AdminApp'))();
  await admin.addAdminMessages(i18n);
  return admin.default;
}

const Loading = () => (
  <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <CircularProgress />
  </Box>
);

const LoadFailed = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Typography>{translate('app.lazy.error')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>{translate('app.lazy.retry')}</Button>
    </Box>
  );
};

class LazyBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/** Scroll returns to the top on every navigation (SPEC §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Lets http.ts send the user to `/` (missing refresh token) without reloading the page. */
function RegisterNavigator() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => navigate(path)), [navigate]);
  return null;
}

/**
 * The navigation guard of SPEC §2, run once before the admin mounts: authProvider.checkAuth fetches
 * the profile when only tokens are known and clears the session when there is none. The admin itself
 * runs without react-admin's requireAuth: its failure path (LogoutOnMount) clears the query cache,
 * which re-runs the check, which logs out again, and the navigation to /login (a React transition)
 * kept being interrupted for seconds, pushing /login hundreds of times. Signed-out visitors also never
 * download the admin chunk this way. Then it mounts the admin, or the retry screen when its chunk failed.
 */
function RequireSession() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useStoreContext();
  const i18n = useI18nProvider() as AppI18nProvider;
  const [admin, setAdmin] = useState<{ Admin?: ComponentType }>();
  useEffect(() => {
    let active = true;
    authProvider.checkAuth({}).then(
      async () => {
        // The page's first reads start before the admin's code is fetched (the admin needs this
        // small chunk anyway), and its own chunks (the monitoring page's chart): layout/adminStart.ts.
        (await (adminStart ?? loadAdminStart().catch(() => undefined)))?.prefetchAdminPage(pathname, store);
        const Admin = await loadAdmin(i18n).catch(() => undefined);
        if (active) setAdmin({ Admin });
      },
      () => { if (active) navigate(LOGIN_PATH, { replace: true }); },
    );
    return () => { active = false; };
    // Once, as the admin is entered: later addresses inside it are the admin's own business.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pathname, store and i18n as they were then
  }, [navigate]);
  if (!admin) return <Loading />;
  return admin.Admin ? <admin.Admin /> : <LoadFailed />;
}

export const AppRoutes = () => (
  <Routes>
    <Route path="/" element={<Navigate to="/app/monitoring" replace />} />
    <Route
      path="/app/*"
      element={<RequireSession />}
    />
    {/* A shared plant fills the screen (a lobby's): no card, no public layout. */}
    <Route path={SHARE_PAGE} element={<LazyBoundary><Suspense fallback={<Loading />}><SharePage /></Suspense></LazyBoundary>} />
    <Route element={<LazyBoundary><PublicLayout /></LazyBoundary>}>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/user/reset-password/:code/:token" element={<ResetPasswordPage />} />
      <Route path="/user/account-activate" element={<AccountActivatePage />} />
      <Route path="/user/auth/login/google" element={<GoogleCallbackPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/404" element={<NotFoundPage />} />
    </Route>
    <Route path="*" element={<Navigate to="/404" replace />} />
  </Routes>
);

export interface AppShellProps {
  store?: Store;
  i18nProvider?: AppI18nProvider;
}

/**
 * Everything but the router, so tests can mount it in a MemoryRouter. The admin (layout/AdminApp)
 * adds react-admin's full context inside, on the same store, translations and server features.
 */
export function AppShell({ store, i18nProvider }: AppShellProps) {
  const [i18n] = useState(() => i18nProvider ?? createI18nProvider());
  const [appStore] = useState(() => store ?? createStore());
  const { dir, lang } = localeInfo(useCurrentLocale(i18n));
  const theme = useMemo(() => createTheme(createAppTheme(dir, lang)), [dir, lang]);
  return (
    <CacheProvider value={emotionCache(dir)}>
      <FeaturesProvider>
        <StoreContextProvider value={appStore}>
          <NotificationContextProvider>
            <I18nContextProvider value={i18n}>
              <ThemeProvider theme={theme}>
                <ScrollToTop />
                <RegisterNavigator />
                <AppRoutes />
              </ThemeProvider>
            </I18nContextProvider>
          </NotificationContextProvider>
        </StoreContextProvider>
      </FeaturesProvider>
    </CacheProvider>
  );
}

export const App = () => (
  <BrowserRouter>
    <AppShell />
  </BrowserRouter>
);

export default App;
