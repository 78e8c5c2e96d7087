/**
 * The monitoring page's chart (MUI X charts and date pickers) and map (Leaflet): chunks of their
 * own, so no other page loads them. The chart's is fetched ahead of rendering: with the page's HTML
 * (server/app.ts, `pageOf`), with the page's first reads when the browser opens the monitoring page
 * (layout/adminStart.ts), else as the page mounts, while its first calls are under way. The map's
 * loads as the map nears the screen (MonitoringPage.tsx).
 */
import { lazy, type ComponentProps } from 'react';

let chartModule: typeof import('./ChartPanel') | undefined;
let mapModule: typeof import('./PlantsMap') | undefined;
const loadChart = () => import('./ChartPanel').then((m) => (chartModule = m));
const loadMap = () => import('./PlantsMap').then((m) => (mapModule = m));
const LazyChartPanel = lazy(() => loadChart().then((m) => ({ default: m.ChartPanel })));
const LazyPlantsMap = lazy(() => loadMap());

// Once fetched, a chunk is rendered directly: suspending on it anyway would hold the chart's first
// call back by React's fallback throttle (300 ms).
export const ChartPanel = (props: ComponentProps<typeof LazyChartPanel>) =>
  (chartModule ? <chartModule.ChartPanel {...props} /> : <LazyChartPanel {...props} />);
export const PlantsMap = (props: ComponentProps<typeof LazyPlantsMap>) =>
  (mapModule ? <mapModule.default {...props} /> : <LazyPlantsMap {...props} />);

export const preloadChart = () => {
  void loadChart().catch(() => undefined);
};

/** The chart's chunk, loaded: the server drawing the page's first view waits for it before it draws. */
export const loadChartPanel = () => loadChart();
