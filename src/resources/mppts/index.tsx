import Tune from '@mui/icons-material/Tune';
import { HierarchyShow } from '../hierarchy/HierarchyShow';
import { levels } from '../hierarchy/levels';
import type { AppResource } from '../types';

/** Listed and edited inside its parent's page; this is its own detail page. */
const MpptShow = () => <HierarchyShow level={levels.mppts} />;

export const mppts: AppResource = {
  name: 'mppts',
  show: MpptShow,
  icon: Tune,
  menu: false,
  recordRepresentation: 'name',
};
