/** What several areas need to know of users: how one is named and shown, and who may change a superuser. */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users, type User } from '../db/schema.js';
import { currentUser } from '../core/access.js';
import { forbidden } from '../core/errors.js';

/** "Nombre Apellido" of a user, for items that name one (needs `users` in the query). */
export const userFullName = sql<string>`trim(${users.first_name} || ' ' || ${users.last_name})`;

/** The columns of a user item (contract/users.ts `UserItem`): never the password hash (nor the Google subject). */
export const userColumns = {
  id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name,
  phone: users.phone, address: users.address, image: users.image,
  is_active: users.is_active, is_staff: users.is_staff, is_superuser: users.is_superuser,
  date_joined: users.date_joined, last_login: users.last_login,
};

/** Only a superuser changes another superuser's flags (is_staff, is_active): other staff get 403. */
export function guardSuperuser(request: FastifyRequest, target: Pick<User, 'is_superuser'>) {
  if (target.is_superuser && !currentUser(request).is_superuser) {
    throw forbidden('Solo un superusuario puede modificar los privilegios de otro superusuario.');
  }
}
