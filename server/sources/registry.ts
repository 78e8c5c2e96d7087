/**
 * Every source of readings the portal knows, in one list (like evcc's device registry): how each
 * reaches the portal and where it lives. The Fronius and push ways predate the interface of
 * ./types.ts and keep their own modules (docs/ARCHITECTURE.md, "Add a source of readings", says how
 * they map onto it); the vendor clouds are connectors built from an account. A new brand is one
 * folder `server/sources/<vendor>/`, one entry here, its fake server in testing/vendors/ and its tests.
 */
import { HUAWEI_REGIONS, huaweiConnector, huaweiLimits } from './huawei/index.js';
import { GROWATT_REGIONS, growattConnector, growattLimits } from './growatt/index.js';
import { SOLAREDGE_REGIONS, solarEdgeConnector, solarEdgeLimits } from './solaredge/index.js';
import { SUNGROW_REGIONS, sungrowConnector, sungrowLimits } from './sungrow/index.js';
import type { SourceEntry } from './types.js';

export const SOURCES = [
  { id: 'fronius-solar-api', label: 'Fronius Solar API (lectura del datalogger)', way: 'poll', module: 'server/measurements/fronius/collector.ts' },
  { id: 'fronius-push', label: 'Fronius Push Service', way: 'push', module: 'server/plugins/push/index.ts' },
  { id: 'http-push', label: 'Envío HTTP (JSON o CSV)', way: 'push', module: 'server/plugins/ingest/index.ts' },
  { id: 'mqtt', label: 'MQTT', way: 'push', module: 'server/plugins/push/mqtt.ts' },
  {
    id: 'huawei', label: 'Huawei FusionSolar (Northbound)', way: 'cloud', module: 'server/sources/huawei/index.ts',
    regions: HUAWEI_REGIONS, limits: huaweiLimits, connect: huaweiConnector,
  },
  {
    id: 'solaredge', label: 'SolarEdge Monitoring API', way: 'cloud', module: 'server/sources/solaredge/index.ts',
    regions: SOLAREDGE_REGIONS, limits: solarEdgeLimits, connect: solarEdgeConnector,
  },
  {
    id: 'growatt', label: 'Growatt OpenAPI v1', way: 'cloud', module: 'server/sources/growatt/index.ts',
    regions: GROWATT_REGIONS, limits: growattLimits, connect: growattConnector,
  },
  {
    id: 'sungrow', label: 'Sungrow iSolarCloud OpenAPI', way: 'cloud', module: 'server/sources/sungrow/index.ts',
    regions: SUNGROW_REGIONS, limits: sungrowLimits, connect: sungrowConnector,
  },
] as const satisfies readonly SourceEntry[];

export type SourceId = typeof SOURCES[number]['id'];

/** The vendor clouds staff may enter accounts of. */
export const CLOUD_VENDORS = SOURCES.filter((s) => s.way === 'cloud').map((s) => s.id);

export const cloudSource = (vendor: string): SourceEntry | undefined =>
  (SOURCES as readonly SourceEntry[]).find((s) => s.way === 'cloud' && s.id === vendor);
