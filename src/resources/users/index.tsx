import People from '@mui/icons-material/People';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';
import { fullName } from './userName';

const UserList = lazyComponent(() => import('./UserList'), (m) => m.UserList);
const UserShow = lazyComponent(() => import('./UserShow'), (m) => m.UserShow);
const UserCreate = lazyComponent(() => import('./UserForms'), (m) => m.UserCreate);
const UserEdit = lazyComponent(() => import('./UserForms'), (m) => m.UserEdit);

export const users: AppResource = {
  name: 'users',
  list: UserList,
  show: UserShow,
  create: UserCreate,
  edit: UserEdit,
  icon: People,
  menu: 'maintainers',
  recordRepresentation: (user) => fullName(user) || user.email,
};
