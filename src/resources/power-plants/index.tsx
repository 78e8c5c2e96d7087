import SolarPower from '@mui/icons-material/SolarPower';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** Listed and edited inside its parent's page; this is its own detail page. */
const PlantShow = lazyComponent(() => import('../hierarchy/HierarchyShow'), (m) => m.levelShow('plants'));

export const powerPlants: AppResource = {
  name: 'power-plants',
  show: PlantShow,
  icon: SolarPower,
  menu: false,
  recordRepresentation: 'name',
};
