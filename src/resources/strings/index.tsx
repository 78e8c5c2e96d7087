import LinearScale from '@mui/icons-material/LinearScale';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** Listed and edited inside its parent's page; this is its own detail page. */
const StringShow = lazyComponent(() => import('../hierarchy/HierarchyShow'), (m) => m.levelShow('strings'));

export const strings: AppResource = {
  name: 'strings',
  show: StringShow,
  icon: LinearScale,
  menu: false,
  recordRepresentation: 'name',
};
