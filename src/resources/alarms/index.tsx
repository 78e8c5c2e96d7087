import NotificationImportant from '@mui/icons-material/NotificationImportant';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/**
 * Issue 10: the alarm list and each alarm's page. Customers read the alarms of their plants (the
 * contract opens list and show to them); acknowledging and the ticket are staff's buttons.
 */
const AlarmList = lazyComponent(() => import('./AlarmList'), (m) => m.AlarmList);
const AlarmShow = lazyComponent(() => import('./AlarmShow'), (m) => m.AlarmShow);

export const alarms: AppResource = {
  name: 'alarms',
  customer: ['list', 'show'],
  list: AlarmList,
  show: AlarmShow,
  icon: NotificationImportant,
  menu: 'main',
};
