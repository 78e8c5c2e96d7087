import Inventory2 from '@mui/icons-material/Inventory2';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const EquipmentList = lazyComponent(() => import('./EquipmentList'), (m) => m.EquipmentList);
const EquipmentCreate = lazyComponent(() => import('./EquipmentForms'), (m) => m.EquipmentCreate);
const EquipmentEdit = lazyComponent(() => import('./EquipmentForms'), (m) => m.EquipmentEdit);

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
