import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const InjectionPriceCreate = lazyComponent(() => import('./InjectionPriceForms'), (m) => m.InjectionPriceCreate);
const InjectionPriceEdit = lazyComponent(() => import('./InjectionPriceForms'), (m) => m.InjectionPriceEdit);

/** A distributor's injection price of each month: listed on the distributor's page (InjectionPriceList), edited here. */
export const injectionPrices: AppResource = {
  name: 'injection-prices',
  create: InjectionPriceCreate,
  edit: InjectionPriceEdit,
  customer: [],
  menu: false,
  recordRepresentation: (r) => String(r.month ?? '').slice(0, 7),
};
