import Label from '@mui/icons-material/Label';
import type { AppResource } from '../types';
import { TrademarkCreate, TrademarkEdit } from './TrademarkForms';
import { TrademarkList } from './TrademarkList';

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
