/** The hierarchy rows the measurement calls read, each within what the caller may see (a 404 otherwise). */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { investors, mppts, projects, strings } from '../../db/schema.js';
import { findVisible } from '../../core/crud.js';

export const visibleProject = (request: FastifyRequest, id: number) =>
  findVisible(request, projects, id, 'project') as Promise<typeof projects.$inferSelect>;

export const visibleInvestor = (request: FastifyRequest, id: number) =>
  findVisible(request, investors, id, 'investor') as Promise<typeof investors.$inferSelect>;

export const visibleMppt = (request: FastifyRequest, id: number) =>
  findVisible(request, mppts, id, 'mppt') as Promise<typeof mppts.$inferSelect>;

/** A visible string, its MPPT and how many strings that MPPT has. */
export async function visibleString(request: FastifyRequest, id: number) {
  const { db } = request.server;
  const string = await findVisible(request, strings, id, 'string') as typeof strings.$inferSelect;
  const [mppt] = await db.select().from(mppts).where(eq(mppts.id, string.mppt));
  const siblings = await db.$count(strings, eq(strings.mppt, mppt.id));
  return { string, mppt, siblings };
}
