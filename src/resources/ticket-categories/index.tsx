import Category from '@mui/icons-material/Category';
import type { AppResource } from '../types';
import { CategoryList } from './CategoryList';

export const ticketCategories: AppResource = {
  name: 'ticket-categories',
  list: CategoryList,
  icon: Category,
  menu: 'tickets',
  recordRepresentation: 'name',
};
