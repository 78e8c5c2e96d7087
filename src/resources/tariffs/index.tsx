import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const TariffCreate = lazyComponent(() => import('./TariffForms'), (m) => m.TariffCreate);
const TariffEdit = lazyComponent(() => import('./TariffForms'), (m) => m.TariffEdit);

/** A distributor's dated tariffs: listed on the distributor's page (TariffList), edited here. */
export const tariffs: AppResource = {
  name: 'tariffs',
  create: TariffCreate,
  edit: TariffEdit,
  customer: [],
  menu: false,
  recordRepresentation: (r) => `${r.option} · ${r.valid_from}`,
};
