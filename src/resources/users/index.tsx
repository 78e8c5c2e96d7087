import People from '@mui/icons-material/People';
import type { AppResource } from '../types';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';
import { UserShow } from './UserShow';
import { fullName } from './userName';

export const users: AppResource = {
  name: 'users',
  list: UserList,
  show: UserShow,
  create: UserCreate,
  icon: People,
  menu: 'maintainers',
  recordRepresentation: (user) => fullName(user) || user.email,
};
