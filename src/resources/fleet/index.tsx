import SolarPower from '@mui/icons-material/SolarPower';
import type { AppResource } from '../types';
import { FleetList } from './FleetList';
import { SeveralPlants } from './SeveralPlants';

export const fleet: AppResource = {
  name: 'fleet',
  list: FleetList,
  icon: SolarPower,
  menu: 'main',
  menuGate: SeveralPlants,
  recordRepresentation: 'name',
};
