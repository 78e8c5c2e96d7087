import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import type { AppResource } from '../types';
import { lazyComponent } from '../../components/lazy';

/** SPEC §2: the list at /app/tickets/list, the thread at /app/tickets/{id}/show. */
const TicketList = lazyComponent(() => import('./TicketList'), (m) => m.TicketList);
const TicketListPage = lazyComponent(() => import('./TicketList'), (m) => m.TicketListPage);
const TicketShow = lazyComponent(() => import('./TicketShow'), (m) => m.TicketShow);

export const tickets: AppResource = {
  name: 'tickets',
  // Assigning, editing and deleting tickets is an administrator's job.
  customer: ['list', 'show', 'create'],
  list: TicketList,
  show: TicketShow,
  icon: ConfirmationNumber,
  menu: 'tickets',
  menuTo: '/tickets/list',
  routes: [{ path: 'tickets/list', element: TicketListPage }],
  recordRepresentation: 'title',
};
