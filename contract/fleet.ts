/**
 * The fleet view (issue 10, item 2; docs/api.md "Fleet"): every plant the caller may see (staff: all;
 * anyone else: the plants of their projects) with its status and today's and this month's figures,
 * paged, ordered by any column, searched and filtered on the server.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { listOf, ListQuery, S } from './common.js';
import { oneOf } from './literals.js';

/** online: a reading within the last 15 minutes; offline: none; fault: online with an alarm that is not closed. */
export const FLEET_STATUSES = ['online', 'offline', 'fault'] as const;
export type FleetStatus = typeof FLEET_STATUSES[number];

const ratio = (description: string) => S.nullable(Type.Number({ description }));

export const FleetPlant = Type.Object({
  id: Type.Integer(), name: Type.String(),
  project: Type.Integer(), project_name: Type.String(),
  commune: S.nullable(Type.Integer()), commune_name: S.nullable(Type.String()),
  capacity_kwp: S.nullable(Type.Number({ description: 'DC capacity the figures are per: the panels as described, or capacity_kwp' })),
  status: oneOf(FLEET_STATUSES),
  last_reading: S.nullable(S.timestamp()),
  offline_since: S.nullable(S.timestamp()),
  power_w: S.nullable(Type.Number({ description: 'AC power of the inverters read in the last 15 minutes; null when offline' })),
  energy_today_wh: Type.Number(),
  energy_month_wh: Type.Number(),
  yield_today: ratio('specific yield today, kWh/kWp'),
  yield_month: ratio('specific yield this month, kWh/kWp'),
  performance_today: ratio('actual / expected energy today so far'),
  performance_month: ratio('actual / expected energy this month so far'),
  open_alarms: Type.Integer({ description: 'alarms not closed (open or acknowledged)' }),
}, { title: 'FleetPlant' });
export type FleetPlant = Static<typeof FleetPlant>;

/** The columns `ordering` takes (each ascending or, with '-', descending; ties by name, naturally). */
export const FLEET_ORDERING = [
  'name', 'project_name', 'commune_name', 'capacity_kwp', 'status', 'last_reading', 'power_w', 'energy_today_wh', 'energy_month_wh',
  'yield_today', 'yield_month', 'performance_today', 'performance_month', 'open_alarms',
] as const satisfies readonly (keyof FleetPlant)[];

export const FleetQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(oneOf(FLEET_STATUSES)),
  project: Type.Optional(S.id()),
  tag: Type.Optional(S.id()),
  commune: Type.Optional(S.id()),
});
export type FleetQuery = Static<typeof FleetQuery>;

export const fleetApi = {
  plants: endpoint({
    method: 'GET', path: '/fleet/plants', access: 'user', tag: 'fleet',
    summary: `Every plant the caller sees with its status and figures. ordering: ${FLEET_ORDERING.join(', ')} (default name); search: plant, project, commune; filters: status, project, tag, commune`,
    querystring: FleetQuery, reply: { 200: listOf(FleetPlant) },
  }),
};
