/**
 * What several areas need to know of users: how one is named and shown, who may change a superuser,
 * and how an account is found and made by its e-mail. The last serves both the API's accounts
 * (sign-in, registration, Google, staff) and the create-admin command, which must agree on it: an
 * e-mail is stored lower-cased and names one account whatever its case.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { users, type User } from '../db/schema.js';
import { sqlState } from '../db/unavailable.js';
import { currentUser } from '../core/access.js';
import { fieldError, forbidden, nonFieldError } from '../core/errors.js';

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

export const DUPLICATE_EMAIL = 'Este correo electrónico ya se encuentra registrado.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return user;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/** Inserts a user with a lower-cased e-mail; an e-mail already taken (even by a concurrent call) is the DRF non-field error. */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<User> {
  if (await findUserByEmail(db, values.email)) throw nonFieldError(DUPLICATE_EMAIL);
  try {
    const [user] = await db.insert(users).values({ ...values, email: normalizeEmail(values.email) }).returning();
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw nonFieldError(DUPLICATE_EMAIL);
    throw err;
  }
}

/** The user item (contract/users.ts `UserItem`) of an account. */
export async function findUserItem(db: Db, id: number) {
  const [item] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return item;
}

/** What the account's owner (the profile) or staff (the users' screen) change of an account. */
export type AccountChanges = Partial<Pick<User, 'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'language' | 'image' | 'alarm_opt_out' | 'report_opt_out'>>;

/**
 * Changes the given columns of an account, its e-mail lower-cased; an e-mail another account has
 * (checked first, or taken meanwhile) is a 400 on `email`.
 */
export async function updateAccount(db: Db, userId: number, changes: AccountChanges): Promise<User> {
  if (!Object.keys(changes).length) return (await db.select().from(users).where(eq(users.id, userId)))[0];
  if (changes.email !== undefined) {
    changes = { ...changes, email: normalizeEmail(changes.email) };
    const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${changes.email}`, ne(users.id, userId)));
    if (taken) throw fieldError('email', DUPLICATE_EMAIL);
  }
  try {
    const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', DUPLICATE_EMAIL);
    throw err;
  }
}

/** Whether the account exists and may still act (a signed media link dies with its account). */
export async function isActiveUser(db: Db, id: number): Promise<boolean> {
  const [user] = await db.select({ active: users.is_active }).from(users).where(eq(users.id, id));
  return Boolean(user?.active);
}
