/**
 * The reads the installed app keeps per user for offline use (src/pwa/sw.ts): what the monitoring
 * page reads to draw a plant (its first view, its projects and plants, the snapshot, performance, the
 * charts and the forecasts, the plant's open alarms), as the contract declares them.
 */
import { API_PREFIX, firstViewRoute } from '../../contract/paths';
import { alarmApi } from '../../contract/alarms';
import { expectedApi } from '../../contract/expected';
import { powerPlantApi } from '../../contract/hierarchy';
import { measurementApi } from '../../contract/measurements';
import { projectApi } from '../../contract/projects';
import { weatherApi } from '../../contract/weather';

const KEPT_READS = [
  // The page drawn by the server, with the answers it was drawn from: offline, the installed app
  // opens on it as online (docs/web.md, "First view").
  firstViewRoute,
  projectApi.list, powerPlantApi.listBy,
  measurementApi.snapshot, measurementApi.projectSnapshot, measurementApi.history, measurementApi.range, measurementApi.chart,
  expectedApi.chart, expectedApi.performance, expectedApi.forecast, weatherApi.forecast, alarmApi.ofPlant,
];

/** A contract path as a pattern of the address's path (`:id` is one segment). */
const pattern = (path: string) => new RegExp(`^${API_PREFIX}${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
const patterns = KEPT_READS.map((endpoint) => pattern(endpoint.path));

/** Whether a GET of this path is one the installed app keeps. */
export const isKeptRead = (pathname: string) => patterns.some((p) => p.test(pathname));
