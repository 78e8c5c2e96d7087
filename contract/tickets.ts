/** Support tickets, their messages and their categories ("types"). */
import { Type } from '@sinclair/typebox';
import { S } from './common.js';
import { crud } from './crud.js';

export const TicketType = Type.Object({
  id: Type.Integer(), name: Type.String(), description: Type.String(), created_at: S.timestamp(),
}, { title: 'TicketType' });
export const TicketTypeBody = Type.Object({ name: S.nonBlank(120), description: S.nonBlank(5000) });

const category = crud({ tag: 'ticket', noun: 'ticket category', item: TicketType, body: TicketTypeBody });
export const ticketCategoryApi = {
  list: category.list('/ticket/type/list'),
  create: category.create('/ticket/type/create'),
  update: category.update('/ticket/type/update/:id'),
  delete: category.delete('/ticket/type/delete/:id'),
};
