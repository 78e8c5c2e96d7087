import SolarPower from '@mui/icons-material/SolarPower';
import { HierarchyShow } from '../hierarchy/HierarchyShow';
import { levels } from '../hierarchy/levels';
import type { AppResource } from '../types';

/** Listed and edited inside its parent's page; this is its own detail page. */
const PlantShow = () => <HierarchyShow level={levels.plants} />;

export const powerPlants: AppResource = {
  name: 'power-plants',
  show: PlantShow,
  icon: SolarPower,
  menu: false,
  recordRepresentation: 'name',
};
