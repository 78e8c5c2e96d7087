import Category from '@mui/icons-material/Category';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** SPEC §2: the categories screen is /app/tickets/categories. */
const CategoryList = lazyComponent(() => import('./CategoryList'), (m) => m.CategoryList);
const CategoryPage = lazyComponent(() => import('./CategoryList'), (m) => m.CategoryPage);

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
