import Business from '@mui/icons-material/Business';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const ProjectList = lazyComponent(() => import('./ProjectList'), (m) => m.ProjectList);
const ProjectShow = lazyComponent(() => import('./ProjectShow'), (m) => m.ProjectShow);
const ProjectCreate = lazyComponent(() => import('./ProjectCreate'), (m) => m.ProjectCreate);
const ProjectEdit = lazyComponent(() => import('./ProjectEdit'), (m) => m.ProjectEdit);

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
