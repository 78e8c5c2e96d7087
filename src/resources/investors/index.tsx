import ElectricalServices from '@mui/icons-material/ElectricalServices';
import { HierarchyShow } from '../hierarchy/HierarchyShow';
import { levels } from '../hierarchy/levels';
import type { AppResource } from '../types';

/** Listed and edited inside its parent's page; this is its own detail page. */
const InvestorShow = () => <HierarchyShow level={levels.investors} />;

export const investors: AppResource = {
  name: 'investors',
  show: InvestorShow,
  icon: ElectricalServices,
  menu: false,
  recordRepresentation: 'name',
};
