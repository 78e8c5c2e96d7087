import LocalOffer from '@mui/icons-material/LocalOffer';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

const TagList = lazyComponent(() => import('./TagList'), (m) => m.TagList);
const TagShow = lazyComponent(() => import('./TagShow'), (m) => m.TagShow);
const TagCreate = lazyComponent(() => import('./TagForms'), (m) => m.TagCreate);
const TagEdit = lazyComponent(() => import('./TagForms'), (m) => m.TagEdit);

export const tags: AppResource = {
  name: 'tags',
  list: TagList,
  show: TagShow,
  create: TagCreate,
  edit: TagEdit,
  icon: LocalOffer,
  menu: 'maintainers',
  recordRepresentation: 'name',
};
