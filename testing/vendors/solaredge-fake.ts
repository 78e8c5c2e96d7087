/**
 * A SolarEdge Monitoring API on 127.0.0.1, answering from the recorded exchanges in
 * ../shared/fixtures/vendors/solaredge (SOURCES.md): the same paths, the `api_key` query parameter,
 * the recorded bodies, and the errors as the API gives them:
 * - a wrong or missing key: 403 with an empty body;
 * - a missing startTime/endTime (or startDate/endDate): 400 with the recorded Tomcat HTML page,
 *   naming the missing parameter;
 * - over `dailyCalls` calls in a day for a key or for a site, or a 4th call at once: 429, empty body
 *   (the recording holds only the status);
 * Switches: `mode` 'ok' | 'bad-key' (every key refused) | 'quota' (today's calls spent) | 'down'
 * (503) | 'malformed' (a 200 whose JSON is cut short) | 'refused' (nothing listens). `delayMs` holds
 * every answer, so calls overlap. Which recording answers an endpoint can be swapped (`files`).
 */
import type http from 'node:http';
import { exchange, fakeServer, sendRecorded } from './exchanges.js';

export type SolarEdgeEndpoint =
  'sites' | 'details' | 'overview' | 'powerDetails' | 'energyDetails' | 'currentPowerFlow' | 'storageData' | 'inventory' | 'equipmentData' | 'energy';
export type SolarEdgeMode = 'ok' | 'bad-key' | 'quota' | 'down' | 'malformed' | 'refused';

export const SOLAREDGE_FILES: Record<SolarEdgeEndpoint, string> = {
  sites: 'monitoring-api-doc-2019/01-sites-list.json',
  details: 'monitoring-api-doc-2019/02-site-details.json',
  energy: 'monitoring-api-doc-2019/04-site-energy-day.json',
  overview: 'monitoring-api-doc-2019/07-site-overview.json',
  powerDetails: 'monitoring-api-doc-2019/08-site-powerDetails.json',
  energyDetails: 'monitoring-api-doc-2019/09-site-energyDetails.json',
  currentPowerFlow: 'monitoring-api-doc-2019/10-site-currentPowerFlow.json',
  storageData: 'monitoring-api-doc-2019/11-site-storageData.json',
  inventory: 'monitoring-api-doc-2019/14-site-inventory.json',
  equipmentData: 'solaredge-client/inverterTechnicalData.json',
};

const ROUTES: [RegExp, SolarEdgeEndpoint, string[]][] = [
  [/^\/sites\/list$/, 'sites', []],
  [/^\/site\/([^/]+)\/details$/, 'details', []],
  [/^\/site\/([^/]+)\/energy$/, 'energy', ['timeUnit', 'startDate', 'endDate']],
  [/^\/site\/([^/]+)\/overview$/, 'overview', []],
  [/^\/site\/([^/]+)\/powerDetails$/, 'powerDetails', ['startTime', 'endTime']],
  [/^\/site\/([^/]+)\/energyDetails$/, 'energyDetails', ['startTime', 'endTime']],
  [/^\/site\/([^/]+)\/currentPowerFlow$/, 'currentPowerFlow', []],
  [/^\/site\/([^/]+)\/storageData$/, 'storageData', ['startTime', 'endTime']],
  [/^\/site\/([^/]+)\/inventory$/, 'inventory', []],
  [/^\/equipment\/([^/]+)\/[^/]+\/data$/, 'equipmentData', ['startTime', 'endTime']],
];

export interface SolarEdgeFakeOptions {
  apiKey?: string;
  dailyCalls?: number;
  delayMs?: number;
  files?: Partial<Record<SolarEdgeEndpoint, string>>;
  /** Edits a recorded body before it is sent (a site's kW flow, a night without values). */
  edit?: (endpoint: SolarEdgeEndpoint, body: any) => any;
  /** The fake's clock, for the day its quota counts. */
  now?: () => Date;
}

export interface SolarEdgeFake {
  url: string;
  apiKey: string;
  mode: SolarEdgeMode;
  setMode(mode: SolarEdgeMode): Promise<void>;
  /** Every call that reached the fake: path and query (api_key left out). */
  calls: { path: string; query: Record<string, string> }[];
  /** The most calls it ever had in flight at once. */
  maxInFlight: number;
  /** 429s answered for a 4th call at once. */
  concurrencyRefusals: number;
  close(): Promise<void>;
}

export const SOLAREDGE_FAKE_KEY = 'L4QLVQ1LOKCQX2193VSEICXW61NP6B1O';
const CONCURRENT = 3;

export async function startSolarEdgeFake(opts: SolarEdgeFakeOptions = {}): Promise<SolarEdgeFake> {
  const apiKey = opts.apiKey ?? SOLAREDGE_FAKE_KEY;
  const dailyCalls = opts.dailyCalls ?? 300;
  const now = opts.now ?? (() => new Date());
  const used = new Map<string, number>();
  let inFlight = 0;

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'api_key'));
    fake.calls.push({ path: url.pathname, query });
    inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    const overConcurrency = inFlight > CONCURRENT;
    const finish = (send: () => void) => setTimeout(() => { inFlight--; send(); }, opts.delayMs ?? 0);
    const status = (code: number) => finish(() => { res.writeHead(code); res.end(); });

    if (fake.mode === 'down') return status(503);
    if (fake.mode === 'bad-key' || url.searchParams.get('api_key') !== apiKey) return status(403);
    if (overConcurrency) {
      fake.concurrencyRefusals++;
      return status(429);
    }
    const route = ROUTES.map(([re, endpoint, required]) => ({ m: re.exec(url.pathname), endpoint, required })).find((r) => r.m);
    if (!route) return status(404);
    const day = now().toISOString().slice(0, 10);
    const counters = [`key:${day}`, ...(route.m![1] ? [`site:${route.m![1]}:${day}`] : [])];
    if (fake.mode === 'quota' || counters.some((c) => (used.get(c) ?? 0) >= dailyCalls)) return status(429);
    for (const c of counters) used.set(c, (used.get(c) ?? 0) + 1);
    const missing = route.required.find((p) => !url.searchParams.get(p));
    if (missing) {
      const recorded = exchange('solaredge', 'errors/400-html-missing-parameter.json').response;
      return finish(() => sendRecorded(res, { ...recorded, body_text: recorded.body_text!.replace('startDate', missing) }));
    }
    if (fake.mode === 'malformed') return finish(() => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"overview":{"lastUpdateTime":"2013-10-01 02:3'); });
    const recorded = exchange('solaredge', opts.files?.[route.endpoint] ?? SOLAREDGE_FILES[route.endpoint]).response;
    if (opts.edit) recorded.body = opts.edit(route.endpoint, recorded.body);
    finish(() => sendRecorded(res, recorded));
  };

  const server = await fakeServer(handler);
  const fake: SolarEdgeFake = {
    url: server.url, apiKey, mode: 'ok', calls: [], maxInFlight: 0, concurrencyRefusals: 0,
    async setMode(mode) {
      await server.refuse(mode === 'refused');
      fake.mode = mode;
    },
    close: server.close,
  };
  return fake;
}
