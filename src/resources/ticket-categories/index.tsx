import Category from '@mui/icons-material/Category';
import type { AppResource } from '../types';
import { CategoryList, CategoryPage } from './CategoryList';

/** SPEC §2: the categories screen is /app/tickets/categories. */
export const ticketCategories: AppResource = {
  name: 'ticket-categories',
  customer: [],
  list: CategoryList,
  icon: Category,
  menu: 'tickets',
  menuTo: '/tickets/categories',
  routes: [{ path: 'tickets/categories', element: CategoryPage }],
  recordRepresentation: 'name',
};
