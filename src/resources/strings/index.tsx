import LinearScale from '@mui/icons-material/LinearScale';
import { HierarchyShow } from '../hierarchy/HierarchyShow';
import { levels } from '../hierarchy/levels';
import type { AppResource } from '../types';

/** Listed and edited inside its parent's page; this is its own detail page. */
const StringShow = () => <HierarchyShow level={levels.strings} />;

export const strings: AppResource = {
  name: 'strings',
  show: StringShow,
  icon: LinearScale,
  menu: false,
  recordRepresentation: 'name',
};
