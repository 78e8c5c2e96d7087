/**
 * The monitoring page's early script (docs/web.md, "First view"), a few kilobytes the page's HTML
 * runs before the app: signed in, it asks the server for the page as the app would draw it for this
 * user now (what they chose on it last, their language, their screen's width), shows it, and only
 * then fetches and starts the app, whose scripts the page names (vite.config.ts, `sectionPages`):
 * the app's loading does not hold the first view back, on the browser's side or the server's
 * (measured: docs/benchmarks.md, "Web app first load"). An expired access token is renewed first,
 * as every call renews it (http.ts). Signed out, when the server cannot draw the page, or when it
 * takes too long, the app starts as it would without; a first view arriving after that still shows
 * until the app has drawn.
 */
import { firstViewRoute } from '../../contract/paths';
import type { FirstView, FirstViewQuery } from '../../contract/first-view';
import { request } from '../providers/http';
import { getRefreshToken } from '../providers/session';
import { storedItem } from '../providers/storedItem';
import { DEFAULT_LOCALE, localeInfo } from '../i18n/locales';
import { CHOSEN } from '../pages/monitoring/choices';
import { rememberedChartWidth, showFirstView } from './page';

/** Where the app opens the monitoring page at once ('/' leads there). */
const MONITORING = ['/', '/app/monitoring', '/app/monitoring/'];
/** The app starts after this long whatever the first view is doing (ms). */
const APP_WAITS_AT_MOST_MS = 1000;

/**
 * Runs the app: its scripts, which the page names on this one's tag (`data-app`, the entry;
 * `data-preload`, every chunk the page needs), all fetched at once rather than one import after
 * another, then its entry. Not fetched before: six connections to the server and its time would go
 * to them ahead of the first view, and the browser's parsing of them would slow its drawing.
 */
function startApp() {
  const { app: entry, preload = '' } = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset ?? {};
  if (!entry) return;
  for (const src of preload.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = src;
    document.head.append(link);
  }
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = entry;
  document.head.append(app);
}

/** Once the browser has drawn a frame: the first view on screen before the app's code runs. */
const drawnFrame = () => new Promise<void>((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); });

function firstView(): Promise<unknown> | undefined {
  if (!MONITORING.includes(window.location.pathname) || !getRefreshToken()) return undefined;
  const locale = storedItem<string>('locale') ?? DEFAULT_LOCALE;
  const query: FirstViewQuery = {
    width: window.innerWidth,
    chart_width: rememberedChartWidth(),
    locale,
    project: storedItem<number | null>(CHOSEN.project) ?? undefined,
    plant: storedItem<number | null>(CHOSEN.plant) ?? undefined,
    whole_project: storedItem<boolean>(CHOSEN.wholeProject),
    interval: storedItem<FirstViewQuery['interval']>(CHOSEN.interval),
    sidebar_open: storedItem<boolean>('sidebar.open'),
  };
  return request<FirstView>(firstViewRoute.path, { query: { ...query } })
    .then((view) => (showFirstView(view, localeInfo(locale).dir) ? drawnFrame() : undefined));
}

let drawing: Promise<unknown> | undefined;
try {
  drawing = firstView();
} catch {
  // Storage refused (a private mode): no first view, the app all the same.
}
if (!drawing) startApp();
else {
  void Promise.race([drawing.catch(() => undefined), new Promise((resolve) => { setTimeout(resolve, APP_WAITS_AT_MOST_MS); })])
    .then(startApp);
}
