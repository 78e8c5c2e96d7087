/**
 * The first view in the browser's page (docs/web.md, "First view"): the monitoring page as the
 * server drew it, shown in place of the app's root until the app's own page has drawn the same,
 * then removed. Its state is the page's (an element, an attribute), not this module's: the early
 * script (start.ts) and the app may each run a copy of this module.
 */
import type { FirstView } from '../../contract/first-view';
import type { Direction } from '../i18n/locales';

const HOLDER = 'first-view';
/** Set once the app's page has drawn: a first view arriving later is not shown. */
const DONE = 'data-first-view-done';
/**
 * What the chart measured at the last few window widths (a phone held both ways, a window resized),
 * for the server to draw it at (FirstViewQuery.chart_width): `[window width, chart width][]`, newest first.
 */
const CHART_WIDTHS_KEY = 'first-view.chart-widths';
const KEPT_WIDTHS = 4;

function keptWidths(): [number, number][] {
  try {
    const kept = JSON.parse(localStorage.getItem(CHART_WIDTHS_KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? kept.filter((w): w is [number, number] => Array.isArray(w) && w.every(Number.isFinite)) : [];
  } catch {
    return [];
  }
}

// The chart was drawn at a width of its own (the one measured last at this window width, or a
// guess): it fits its card whatever the window's width now. Its box sits in a grid whose one column
// is as wide as its content, against which a width of 100% would be resolved: the column is made
// the grid's width.
const FIT_CHART = `<style>#${HOLDER} .MuiChartsSurface-root{width:100%!important;height:auto!important}`
  + `#${HOLDER} :has(>.MuiChartsSurface-root){grid-template-columns:100%}</style>`;

/**
 * The first view's element ids made its own: the app looks its elements up by id as it draws behind
 * (react-admin's title goes into the top bar's `react-admin-title`), and must find its own. The
 * chart's references to its own ids (`url(#...)`: the plot's clip path) follow.
 */
function ownIds(holder: HTMLElement) {
  for (const element of holder.querySelectorAll('[id]')) element.id = `${HOLDER}-${element.id}`;
  for (const element of holder.querySelectorAll('svg *')) {
    for (const { name, value } of [...element.attributes]) {
      if (value.includes('url(#')) element.setAttribute(name, value.replaceAll('url(#', `url(#${HOLDER}-`));
    }
  }
}

/** The holder of a first view shown, with the answers it was drawn from. */
type Holder = HTMLElement & { answers?: unknown };

/** Shows the first view over the app's root, unless the app already drew its page. */
export function showFirstView({ html, css, answers }: FirstView, dir: Direction): boolean {
  const root = document.getElementById('root');
  if (!root || document.documentElement.hasAttribute(DONE) || document.getElementById(HOLDER)) return false;
  const holder: Holder = document.createElement('div');
  holder.id = HOLDER;
  holder.answers = answers;
  holder.dir = dir;
  // A picture of the page, not the page: nothing in it can be focused, clicked or read out.
  holder.inert = true;
  holder.setAttribute('aria-hidden', 'true');
  holder.innerHTML = css + FIT_CHART + html;
  ownIds(holder);
  // The app goes on drawing underneath, laid out where it will show (its chart measures its box), unseen.
  root.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden';
  root.before(holder);
  return true;
}

/**
 * The answers the first view shown was drawn from (TanStack Query's dehydrated cache), for the app
 * to start its query cache with: what the user sees now, not asked for again.
 */
export const firstViewAnswers = () => (document.getElementById(HOLDER) as Holder | null)?.answers;

/** The app's page has drawn: the first view goes, and one still on its way will not be shown. */
export function releaseFirstView() {
  document.documentElement.setAttribute(DONE, '');
  const holder = document.getElementById(HOLDER);
  if (!holder) return;
  holder.remove();
  document.getElementById('root')?.removeAttribute('style');
}

/** Keeps the chart's width at the present window width. */
export function rememberChartWidth(width: number) {
  const now: [number, number] = [window.innerWidth, Math.round(width)];
  try {
    localStorage.setItem(CHART_WIDTHS_KEY, JSON.stringify([now, ...keptWidths().filter(([w]) => w !== now[0])].slice(0, KEPT_WIDTHS)));
  } catch {
    // Storage full or refused: the next first view guesses the width.
  }
}

/** The chart's width measured at the present window width, if it was. */
export function rememberedChartWidth(): number | undefined {
  const width = keptWidths().find(([w]) => w === window.innerWidth)?.[1];
  return width !== undefined && width >= 100 ? width : undefined;
}
