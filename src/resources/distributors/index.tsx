import ElectricMeter from '@mui/icons-material/ElectricMeter';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const DistributorList = lazyComponent(() => import('./DistributorList'), (m) => m.DistributorList);
const DistributorCreate = lazyComponent(() => import('./DistributorForms'), (m) => m.DistributorCreate);
const DistributorEdit = lazyComponent(() => import('./DistributorForms'), (m) => m.DistributorEdit);

/** Net billing (docs/billing.md): the distributors, with their tariffs and injection prices on each one's page. */
export const distributors: AppResource = {
  name: 'distributors',
  list: DistributorList,
  create: DistributorCreate,
  edit: DistributorEdit,
  icon: ElectricMeter,
  customer: [],
  menu: 'maintainers',
  recordRepresentation: 'name',
};
