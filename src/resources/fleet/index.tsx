import SolarPower from '@mui/icons-material/SolarPower';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';
import { SeveralPlants } from './SeveralPlants';

const FleetList = lazyComponent(() => import('./FleetList'), (m) => m.FleetList);

export const fleet: AppResource = {
  name: 'fleet',
  list: FleetList,
  icon: SolarPower,
  menu: 'main',
  menuGate: SeveralPlants,
  recordRepresentation: 'name',
};
