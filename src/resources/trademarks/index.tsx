import Label from '@mui/icons-material/Label';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const TrademarkList = lazyComponent(() => import('./TrademarkList'), (m) => m.TrademarkList);
const TrademarkCreate = lazyComponent(() => import('./TrademarkForms'), (m) => m.TrademarkCreate);
const TrademarkEdit = lazyComponent(() => import('./TrademarkForms'), (m) => m.TrademarkEdit);

export const trademarks: AppResource = {
  name: 'trademarks',
  list: TrademarkList,
  create: TrademarkCreate,
  edit: TrademarkEdit,
  icon: Label,
  customer: [],
  menu: 'maintainers',
  recordRepresentation: 'name',
};
