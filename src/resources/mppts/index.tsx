import Tune from '@mui/icons-material/Tune';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** Listed and edited inside its parent's page; this is its own detail page. */
const MpptShow = lazyComponent(() => import('../hierarchy/HierarchyShow'), (m) => m.levelShow('mppts'));

export const mppts: AppResource = {
  name: 'mppts',
  show: MpptShow,
  icon: Tune,
  menu: false,
  recordRepresentation: 'name',
};
