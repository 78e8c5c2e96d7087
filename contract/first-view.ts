/**
 * The monitoring page's first view (docs/web.md, "First view"): the page drawn by the server with
 * the web app's own components, from the caller's data, as the app would draw it for them now:
 * their session, what they chose on the page last (kept in the browser), their language and the
 * width of their screen. The page's early script shows it while the app's code loads, and the app
 * takes over once its own page has drawn the same. The server runs the web app's renderer
 * (src/firstView/render.tsx, built with `npm run build`); `FirstViewRenderer` is what it calls.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, type Reply } from './http.js';
import { S } from './common.js';
import { CHART_INTERVALS } from './measurements.js';
import { oneOf } from './literals.js';
import { firstViewRoute } from './paths.js';

const tag = 'first view';

export const FirstViewQuery = Type.Object({
  width: Type.Integer({ minimum: 200, maximum: 10000, description: "the browser window's width, CSS px (what the layout's breakpoints read)" }),
  chart_width: Type.Optional(Type.Integer({ minimum: 100, maximum: 10000, description: "the history chart's width at that window width, as the page measured it last; without it the chart is drawn at a guess and scaled to its card" })),
  locale: Type.Optional(Type.String({ maxLength: 16, pattern: '^[a-z]{2}(-[a-z]+)?$', description: "the interface's language (es when absent or not offered)" })),
  project: Type.Optional(S.id()),
  plant: Type.Optional(S.id()),
  whole_project: Type.Optional(Type.Boolean({ description: "the project's totals instead of one plant" })),
  interval: Type.Optional(oneOf(CHART_INTERVALS, { description: "the history chart's interval (day when absent)" })),
  sidebar_open: Type.Optional(Type.Boolean({ description: 'the menu opened or closed by the user last (absent: open on a desktop, closed on a phone)' })),
}, { additionalProperties: false });
export type FirstViewQuery = Static<typeof FirstViewQuery>;

export const FirstView = Type.Object({
  html: Type.String({ description: "the page's markup: the layout (top bar, menu) and the monitoring page, the chart drawn" }),
  css: Type.String({ description: 'its styles, as <style> elements' }),
  answers: Type.Unknown({ description: "the answers the page was drawn from (the web app's query cache, as TanStack Query dehydrates it), which the app starts with instead of asking again" }),
}, { title: 'FirstView' });
export type FirstView = Static<typeof FirstView>;

export const firstViewApi = {
  monitoring: endpoint({
    ...firstViewRoute, access: 'user', tag, querystring: FirstViewQuery, reply: { 200: FirstView },
    summary: 'The monitoring page drawn for the caller, to show while the web app loads (503 when this server has no renderer built, or is busy drawing others)',
  }),
};

/**
 * What the server calls of the web app's code: draws the page for the caller whose `authorization`
 * header this is, every read of the page sent through `transport` (the API in the same process).
 */
export type FirstViewRenderer = (query: FirstViewQuery, authorization: string, transport: typeof fetch) => Promise<Reply<typeof firstViewApi.monitoring>>;
