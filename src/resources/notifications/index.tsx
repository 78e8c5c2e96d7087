import Notifications from '@mui/icons-material/Notifications';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const NotificationList = lazyComponent(() => import('./NotificationList'), (m) => m.NotificationList);
const NotificationCreate = lazyComponent(() => import('./NotificationList'), (m) => m.NotificationCreate);
const ReceivedNotifications = lazyComponent(() => import('./NotificationList'), (m) => m.ReceivedNotifications);

export const notifications: AppResource = {
  name: 'notifications',
  list: NotificationList,
  create: NotificationCreate,
  icon: Notifications,
  menu: 'main',
  // The bell's 'Ver todas': what was received, for staff too (their /notifications lists what they sent).
  routes: [{ path: 'notifications/received', element: ReceivedNotifications }],
  recordRepresentation: 'title',
};
