import GridView from '@mui/icons-material/GridView';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** Listed and edited inside its parent's page; this is its own detail page. */
const PanelShow = lazyComponent(() => import('../hierarchy/HierarchyShow'), (m) => m.levelShow('panels'));

export const panels: AppResource = {
  name: 'panels',
  show: PanelShow,
  icon: GridView,
  menu: false,
  recordRepresentation: 'name',
};
