/** The signed-in user's own profile: read it, and change the fields sent (picture included). */
import type { FastifyInstance } from 'fastify';
import type { User } from '../../db/schema.js';
import { currentUser } from '../../core/access.js';
import { route } from '../../core/route.js';
import { removeMedia, withUploads } from '../../core/uploads.js';
import { updateAccount, type AccountChanges } from '../../domain/users.js';
import { profileApi, type Profile } from '../../../contract/auth.js';
import { ALARM_KINDS } from '../../../contract/alarms.js';

const EDITABLE = ['first_name', 'last_name', 'email', 'phone', 'address', 'language', 'alarm_opt_out', 'report_opt_out'] as const;

const toProfile = (u: User): Profile => ({
  id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, phone: u.phone, address: u.address,
  image: u.image, is_staff: u.is_staff, is_superuser: u.is_superuser,
  // The column is plain text to the database; only the update (contract's `Language`) ever writes it.
  language: u.language as Profile['language'],
  // Only the update (contract's kinds) writes it; kinds no longer known are left out.
  alarm_opt_out: ALARM_KINDS.filter((k) => u.alarm_opt_out.includes(k)),
  report_opt_out: u.report_opt_out,
});

export function profileRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, profileApi.me, (request) => toProfile(currentUser(request)));

  route(app, profileApi.update, async (request) => {
    const me = currentUser(request);
    const body = request.body;
    // Only these columns, whatever else a client sends (never is_staff and the like).
    const changes: AccountChanges = {};
    for (const field of EDITABLE) if (body[field] !== undefined) Object.assign(changes, { [field]: body[field] });
    const updated = await withUploads(request, { image: 'image' }, async ({ image }) => {
      const set = { ...changes, ...(image ? { image } : {}) };
      return Object.keys(set).length ? updateAccount(db, me.id, set) : me;
    });
    // The replaced picture is no longer referenced.
    if (request.uploads.image && me.image) await removeMedia(request, me.image);
    return toProfile(updated);
  });
}
