import LocalOffer from '@mui/icons-material/LocalOffer';
import type { AppResource } from '../types';
import { TagCreate, TagEdit } from './TagForms';
import { TagList } from './TagList';
import { TagShow } from './TagShow';

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
