import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import type { AppResource } from '../types';
import { TicketList } from './TicketList';

export const tickets: AppResource = {
  name: 'tickets',
  list: TicketList,
  icon: ConfirmationNumber,
  menu: 'tickets',
  recordRepresentation: 'title',
};
