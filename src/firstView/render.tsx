/**
 * The monitoring page's first view, drawn on the server (docs/web.md, "First view"): the app's own
 * layout and page, rendered to HTML as the browser would draw them for the caller now, with their
 * data read through the API in the same process under their session, their choices on the page, their
 * language and their screen's width; and the styles that markup uses. Built for Node by `npm run build`
 * (vite.config.ts) and called by the server (server/plugins/first-view).
 *
 * What the page needs is whatever its components ask for, stated nowhere else: each query they
 * render is waited for where it is rendered (`DrawingQueryClient`), and the markup written out once
 * every part is in. The page's first reads (`prefetchMonitoring`) and the chart's code are fetched
 * before rendering starts.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import {
  dehydrate, QueryClient, type DefaultedQueryObserverOptions, type DefaultError, type QueryKey, type QueryObserverOptions,
} from '@tanstack/react-query';
import mediaQuery from 'css-mediaquery';
import type { ReactNode } from 'react';
import { memoryStore, type RaThemeOptions } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { FirstViewRenderer } from '../../contract/first-view';
import { featuresRoute } from '../../contract/paths';
import type { Features } from '../../contract/settings';
import { AdminFrame, ADMIN_BASENAME } from '../layout/AdminApp';
import { Layout } from '../layout/Layout';
import { MonitoringPage } from '../pages/monitoring/MonitoringPage';
import { loadChartPanel } from '../pages/monitoring/chunks';
import { CHOSEN } from '../pages/monitoring/choices';
import { prefetchMonitoring } from '../pages/monitoring/queries';
import { loadProfile } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { FeaturesProvider } from '../providers/features';
import { request, setTransport } from '../providers/http';
import { createI18nProvider } from '../providers/i18nProvider';
import { setTokens } from '../providers/session';
import { DEFAULT_LOCALE, localeInfo } from '../i18n/locales';
import adminMessages from '../i18n/es/admin';
import { createAppTheme } from '../theme';
import { inDrawing, installBrowserStandIns } from './environment';

installBrowserStandIns();

/** The page's address, for the router and the menu's active entry. */
const PAGE = `${ADMIN_BASENAME}/monitoring`;
/** Emotion's key for the first view's class names: apart from the app's own ('mui', 'muirtl'). */
const STYLE_KEY = 'fv';

/**
 * The theme at the caller's screen width: JavaScript media queries (react-admin's sidebar, the
 * phone layouts of `useIsPhone`) answer on the server as the browser will (MUI's `ssrMatchMedia`);
 * CSS breakpoints need nothing, the browser applies them.
 */
const atWidth = (theme: RaThemeOptions, width: number): RaThemeOptions => ({
  ...theme,
  components: {
    ...theme.components,
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: mediaQuery.match(query, { width }) }) } },
  },
});

/**
 * The day chart's width when none was measured at this window width: its card's less the padding on
 * a phone, where the menu is folded away (340 px at 390), about three quarters of the window beside
 * the menu (1,050 px at 1,366).
 */
const guessedChartWidth = (width: number) => (width < 600 ? width - 50 : Math.round(width * 0.77));

/**
 * The page's queries, each one waited for where it is rendered: React suspends that part until the
 * answer is in and renders it then (siblings go on meanwhile), so the page is rendered once, with
 * whatever its components ask for. A query turned off (the map's, until it is scrolled to) is not
 * read, and one that failed renders as failed (the page's own error), as in the browser.
 */
class DrawingQueryClient extends QueryClient {
  override defaultQueryOptions<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    options: QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam> | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    const failed = this.getQueryCache().get(defaulted.queryHash)?.state.status === 'error';
    return { ...defaulted, suspense: defaulted.enabled !== false && !failed };
  }
}

/**
 * The page's markup, once every part of it is in (`onAllReady`), each part in its place: none sent
 * ahead as a placeholder with the part behind and a script that moves it there, which React does
 * with a large part (over `progressiveChunkSize` bytes) to send what comes before it sooner.
 */
function markup(page: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) { html += chunk; done(); },
      final(done) { resolve(html); done(); },
    });
    const { pipe } = renderToPipeableStream(page, { progressiveChunkSize: Infinity, onAllReady: () => pipe(sink), onShellError: reject });
  });
}

export const renderMonitoring: FirstViewRenderer = (query, authorization, transport) => {
  setTransport(transport);
  return inDrawing(async () => {
    setTokens({ access: authorization.replace(/^Bearer\s+/i, '') });
    await loadProfile();
    const { locale, dir, lang } = localeInfo(query.locale ?? DEFAULT_LOCALE);
    const i18n = createI18nProvider(adminMessages);
    if (locale !== DEFAULT_LOCALE) await i18n.changeLocale(locale);
    // What the page keeps in the browser's store, as the browser sent it; absent keys take the page's defaults.
    const kept: Record<string, unknown> = {
      locale,
      [CHOSEN.project]: query.project,
      [CHOSEN.plant]: query.plant,
      [CHOSEN.wholeProject]: query.whole_project,
      [CHOSEN.interval]: query.interval,
      'sidebar.open': query.sidebar_open,
    };
    const store = memoryStore(Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined)));
    const queryClient = new DrawingQueryClient({ defaultOptions: { queries: { retry: false } } });
    const [features, { ServerChartWidth }, rtl] = await Promise.all([
      request<Features>(featuresRoute.path, { auth: false }),
      loadChartPanel(),
      dir === 'rtl' ? import('../theme/rtl') : undefined,
      prefetchMonitoring(queryClient, dataProvider, store),
    ]);
    const cache = createCache({ key: STYLE_KEY, stylisPlugins: rtl?.rtlStylisPlugins });
    // Styles kept in the cache and extracted below as one block, not written inline beside the element
    // that first used each (Emotion's default on a server).
    cache.compat = true;
    // Without a width measured at this window width, a guess: the browser scales the chart to its card (page.ts).
    const chartWidth = query.chart_width ?? guessedChartWidth(query.width);
    const page = (
      <CacheProvider value={cache}>
        <FeaturesProvider known={features}>
          <MemoryRouter initialEntries={[PAGE]}>
            <AdminFrame queryClient={queryClient} i18n={i18n} store={store} theme={atWidth(createAppTheme(dir, lang), query.width)}>
              <ServerChartWidth.Provider value={chartWidth}>
                <CssBaseline enableColorScheme />
                <Layout><MonitoringPage /></Layout>
              </ServerChartWidth.Provider>
            </AdminFrame>
          </MemoryRouter>
        </FeaturesProvider>
      </CacheProvider>
    );
    let html = await markup(page);
    const answers = dehydrate(queryClient);
    queryClient.clear();
    // The page's title goes into the top bar through a portal, which needs a page to portal into:
    // here it is written where the browser's portal puts it, as react-admin's PageTitle writes it.
    const title = renderToStaticMarkup(<span><span>{i18n.translate('app.monitoring.title')}</span></span>);
    html = html.replace(/(<[^>]+id="react-admin-title"[^>]*>)(?=<\/)/, (bar) => bar + title);
    const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
    return { html, css: constructStyleTagsFromChunks(extractCriticalToChunks(html)), answers };
  });
};
