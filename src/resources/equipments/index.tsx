import Inventory2 from '@mui/icons-material/Inventory2';
import type { AppResource } from '../types';
import { EquipmentCreate, EquipmentEdit } from './EquipmentForms';
import { EquipmentList } from './EquipmentList';

export const equipments: AppResource = {
  name: 'equipments',
  list: EquipmentList,
  create: EquipmentCreate,
  edit: EquipmentEdit,
  icon: Inventory2,
  customer: [],
  menu: 'maintainers',
  recordRepresentation: 'name',
};
