import Notifications from '@mui/icons-material/Notifications';
import type { AppResource } from '../types';
import { NotificationList } from './NotificationList';

export const notifications: AppResource = {
  name: 'notifications',
  list: NotificationList,
  icon: Notifications,
  menu: 'main',
  recordRepresentation: 'title',
};
