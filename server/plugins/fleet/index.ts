/**
 * The fleet view (contract/fleet.ts, docs/api.md "Fleet"): every plant the caller sees (staff: all;
 * anyone else: those of their projects) with its status and figures, from one query (server/domain/fleet.ts).
 */
import fp from 'fastify-plugin';
import { DEFAULT_PAGE_SIZE } from '../../../contract/limits.js';
import { FLEET_ORDERING, fleetApi, type FleetPlant } from '../../../contract/fleet.js';
import { currentUser } from '../../core/access.js';
import { orderingKeys, pageReply } from '../../core/lists.js';
import { route } from '../../core/route.js';
import { scopes } from '../../core/visibility.js';
import { readSettings } from '../../core/settings.js';
import { isoInZone } from '../../measurements/time.js';
import { fleetPlants, roundTo, type FleetRow } from '../../domain/fleet.js';

const round = roundTo;

export default fp(async (app) => {
  const { db } = app;

  route(app, fleetApi.plants, async (request) => {
    const me = currentUser(request);
    const query = request.query;
    const order = orderingKeys(query.ordering, FLEET_ORDERING);
    const { timeZone } = await readSettings(db);
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const page = await fleetPlants(db, {
      scope: me.is_staff ? undefined : scopes.plant(db, me.id), filters: query, order, timeZone, now: new Date(),
      ...(query.page === undefined ? {} : { limit: size, offset: (query.page - 1) * size }),
    });
    const at = (ms: number | null) => (ms === null ? null : isoInZone(new Date(ms), timeZone));
    const results = page.rows.map(({ total: _t, expected_today_wh: _e, expected_month_wh: _m, fault_alarm: _a, fault_kind: _k, ...r }: FleetRow): FleetPlant => ({
      ...r,
      capacity_kwp: round(r.capacity_kwp, 3),
      last_reading: at(r.last_reading),
      offline_since: r.status === 'offline' ? at(r.last_reading) : null,
      power_w: round(r.power_w, 1),
      energy_today_wh: round(r.energy_today_wh, 1)!,
      energy_month_wh: round(r.energy_month_wh, 1)!,
      yield_today: round(r.yield_today, 3),
      yield_month: round(r.yield_month, 3),
      performance_today: round(r.performance_today, 3),
      performance_month: round(r.performance_month, 3),
    }));
    return query.page === undefined ? results : pageReply(request, query.page, size, page.total, results);
  });
}, { name: 'fleet' });
