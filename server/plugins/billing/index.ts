/**
 * Net billing (docs/billing.md): staff keep the distributors, their dated tariffs and monthly
 * injection prices (by hand or by CSV, all rows or none) and assign a plant's remanente to another;
 * anyone who sees a plant reads its bills of a year and its remanente ledger, and enters its real
 * bills to see them beside the portal's.
 */
import fp from 'fastify-plugin';
import { crudRoutes, findVisible, nameRequired } from '../../core/crud.js';
import { route } from '../../core/route.js';
import { powerPlants } from '../../db/schema.js';
import { withCurrentRollups } from '../../measurements/rollups.js';
import { billsOfYear, plantBills, pricedPlant } from '../../domain/billing/reads.js';
import { billingApi, distributorApi, injectionPriceApi, realBillApi, reconciliationApi, remanenteAssignmentApi, tariffApi } from '../../../contract/billing.js';
import { reconcile, THRESHOLD_PCT } from '../../domain/billing/reconcile.js';
import { attachmentLink } from '../../core/attachments.js';
import {
  assignmentRows, distributorInUse, distributorRows, importInjectionPrices, importTariffs, injectionPriceRows, realBillRows, realBillsOfYear, tariffRows,
} from './queries.js';

export default fp(async (app) => {
  const { db } = app;
  crudRoutes(app, distributorApi, { ...distributorRows, requiredMessages: nameRequired, inUse: distributorInUse });
  crudRoutes(app, { ...tariffApi, import: undefined }, tariffRows);
  crudRoutes(app, { ...injectionPriceApi, import: undefined }, injectionPriceRows);
  crudRoutes(app, remanenteAssignmentApi, assignmentRows);
  crudRoutes(app, realBillApi, { ...realBillRows, files: { attachment: 'attachment' } });
  route(app, tariffApi.import, (request) => importTariffs(db, request.body.csv));
  route(app, injectionPriceApi.import, (request) => importInjectionPrices(db, request.body.csv));

  /** The ledger of a plant the caller sees, on its current rollups. */
  const ledgerOf = async (request: Parameters<typeof findVisible>[0], id: number) => {
    await findVisible(request, powerPlants, id, 'plant');
    const plant = (await pricedPlant(db, id))!;
    return { plant, ...await withCurrentRollups(db, id, (db) => plantBills(db, plant)) };
  };

  route(app, billingApi.bills, async (request) => {
    const { plant, pricing, bills } = await ledgerOf(request, request.params.id);
    const months = billsOfYear(bills, request.query.year);
    return {
      plant: plant.id, year: request.query.year, priced_by: pricing.vatIncluded ? 'own' as const : 'distributor' as const,
      months, savings: months.reduce((sum, b) => sum + b.savings, 0),
    };
  });

  route(app, billingApi.remanente, async (request) => {
    const { plant, bills } = await ledgerOf(request, request.params.id);
    return {
      plant: plant.id,
      months: bills.map((b) => ({ month: b.month, injection_price: b.injection_price, used: b.with_solar.credit, ...b.remanente })),
    };
  });

  /** The real bills entered for the year, each beside the portal's bill with solar of its month. */
  route(app, reconciliationApi.year, async (request) => {
    const { plant, bills } = await ledgerOf(request, request.params.id);
    const { year } = request.query;
    const months = (await realBillsOfYear(db, plant.id, year)).map((real) => {
      const month = real.month.slice(0, 7);
      const bill = bills.find((b) => b.month === month);
      const portal = bill ? { bought_kwh: bill.energies.bought_kwh, injected_kwh: bill.energies.injected_kwh, amount: bill.with_solar.total } : null;
      return { month, real: { ...real, attachment: attachmentLink(request, real.attachment) }, portal, ...reconcile(real, portal) };
    });
    return { plant: plant.id, year, threshold_pct: THRESHOLD_PCT, months };
  });
}, { name: 'billing' });
