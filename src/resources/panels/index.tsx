import GridView from '@mui/icons-material/GridView';
import { HierarchyShow } from '../hierarchy/HierarchyShow';
import { levels } from '../hierarchy/levels';
import type { AppResource } from '../types';

/** Listed and edited inside its parent's page; this is its own detail page. */
const PanelShow = () => <HierarchyShow level={levels.panels} />;

export const panels: AppResource = {
  name: 'panels',
  show: PanelShow,
  icon: GridView,
  menu: false,
  recordRepresentation: 'name',
};
