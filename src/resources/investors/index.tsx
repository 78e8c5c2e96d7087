import ElectricalServices from '@mui/icons-material/ElectricalServices';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** Listed and edited inside its parent's page; this is its own detail page. */
const InvestorShow = lazyComponent(() => import('../hierarchy/HierarchyShow'), (m) => m.levelShow('investors'));

export const investors: AppResource = {
  name: 'investors',
  show: InvestorShow,
  icon: ElectricalServices,
  menu: false,
  recordRepresentation: 'name',
};
