/** The signed-in user's own profile: read it, and change the fields sent (picture included). */
import { and, eq, ne, sql } from 'drizzle-orm';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { users, type User } from '../../db/schema.js';
import { S } from '../../../contract/common.js';
import { ErrorBody } from '../../core/errors.js';
import { currentUser } from '../../core/access.js';
import { fieldError } from '../../core/errors.js';
import { removeMedia, withUploads } from '../../core/uploads.js';
import { emailField, isUniqueViolation, MESSAGES, normalizeEmail } from './accounts.js';

export const LANGUAGES = ['es', 'en', 'fr', 'ar', 'zh'] as const;

export const Profile = Type.Object({
  id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String(),
  phone: Type.String(), address: Type.String(), image: S.nullable(Type.String()),
  is_staff: Type.Boolean(), is_superuser: Type.Boolean(),
  language: Type.Union(LANGUAGES.map((l) => Type.Literal(l))),
}, { title: 'Profile' });

const ProfileUpdate = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 150 })),
  last_name: Type.Optional(Type.String({ maxLength: 150 })),
  email: Type.Optional(emailField()),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  address: Type.Optional(Type.String({ maxLength: 255 })),
  image: Type.Optional(S.file()),
  language: Type.Optional(Type.Union(LANGUAGES.map((l) => Type.Literal(l)))),
}, { additionalProperties: false });
const EDITABLE = ['first_name', 'last_name', 'email', 'phone', 'address', 'language'] as const;

const errors = { 400: ErrorBody, 401: ErrorBody };

const toProfile = (u: User) => ({
  id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, phone: u.phone, address: u.address,
  image: u.image, is_staff: u.is_staff, is_superuser: u.is_superuser, language: u.language,
});

export function profileRoutes(app: FastifyInstance) {
  const { db } = app;
  const tags = ['profile'];

  app.get('/my-profile', {
    schema: { tags, summary: 'The signed-in user', response: { 200: Profile, ...errors } },
  }, (request) => toProfile(currentUser(request)));

  app.put('/my-profile/update', {
    schema: {
      tags, summary: 'Update the own profile (multipart or JSON; fields not sent stay as they are)',
      body: ProfileUpdate, consumes: ['multipart/form-data', 'application/json'], response: { 200: Profile, ...errors },
    },
  }, async (request) => {
    const me = currentUser(request);
    const body = request.body as Static<typeof ProfileUpdate>;
    // Only these columns, whatever else a client sends (never is_staff and the like).
    const changes: Partial<Pick<User, typeof EDITABLE[number]>> = {};
    for (const field of EDITABLE) if (body[field] !== undefined) Object.assign(changes, { [field]: body[field] });
    if (changes.email !== undefined) {
      changes.email = normalizeEmail(changes.email);
      const [taken] = await db.select({ id: users.id }).from(users)
        .where(and(sql`lower(${users.email}) = ${changes.email}`, ne(users.id, me.id)));
      if (taken) throw fieldError('email', MESSAGES.duplicateEmail);
    }
    const updated = await withUploads(request, { image: 'image' }, async ({ image }) => {
      const set = { ...changes, ...(image ? { image } : {}) };
      if (!Object.keys(set).length) return me;
      try {
        const [row] = await db.update(users).set(set).where(eq(users.id, me.id)).returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', MESSAGES.duplicateEmail);
        throw err;
      }
    });
    // The replaced picture is no longer referenced.
    if (request.uploads.image && me.image) await removeMedia(request, me.image);
    return toProfile(updated);
  });
}
