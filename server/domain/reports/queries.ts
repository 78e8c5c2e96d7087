/** Who receives the monthly reports: the SQL of ./mailing.ts. */
import { and, asc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { powerPlants, projectUsers, tagProjects, tagUsers, users } from '../../db/schema.js';

/**
 * Every plant with users, and each of its users who gets its report: active, not opted out, a member of
 * the plant's project (directly or through a tag); plant by plant, then by user.
 */
export function reportRecipients(db: Db) {
  const member = or(
    exists(db.select({ one: projectUsers.id }).from(projectUsers)
      .where(and(eq(projectUsers.users, users.id), eq(projectUsers.user_project, powerPlants.project)))),
    exists(db.select({ one: tagUsers.id }).from(tagUsers).innerJoin(tagProjects, eq(tagProjects.tag, tagUsers.tag))
      .where(and(eq(tagUsers.customuser, users.id), eq(tagProjects.project, powerPlants.project)))),
  );
  return db.select({ plant: powerPlants.id, user: users.id, email: users.email, language: users.language })
    .from(powerPlants).innerJoin(users, and(member, eq(users.is_active, true), eq(users.report_opt_out, false)))
    .orderBy(asc(powerPlants.id), asc(users.id));
}
