/** The plant an expected-production call reads, within what the caller may see (a 404 otherwise). */
import type { FastifyRequest } from 'fastify';
import { powerPlants } from '../../db/schema.js';
import { findVisible } from '../../core/crud.js';

export const visiblePlant = (request: FastifyRequest, id: number) =>
  findVisible(request, powerPlants, id, 'plant') as Promise<typeof powerPlants.$inferSelect>;
