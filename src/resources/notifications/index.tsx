import Notifications from '@mui/icons-material/Notifications';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const NotificationList = lazyComponent(() => import('./NotificationList'), (m) => m.NotificationList);
const NotificationCreate = lazyComponent(() => import('./NotificationList'), (m) => m.NotificationCreate);

export const notifications: AppResource = {
  name: 'notifications',
  list: NotificationList,
  create: NotificationCreate,
  icon: Notifications,
  menu: 'main',
  recordRepresentation: 'title',
};
