import Business from '@mui/icons-material/Business';
import type { AppResource } from '../types';
import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectList } from './ProjectList';
import { ProjectShow } from './ProjectShow';

export const projects: AppResource = {
  name: 'projects',
  list: ProjectList,
  show: ProjectShow,
  create: ProjectCreate,
  edit: ProjectEdit,
  icon: Business,
  menu: 'maintainers',
  recordRepresentation: 'name',
};
