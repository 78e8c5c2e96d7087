/**
 * `npm run create-admin -- --email E --password P [--first-name X --last-name Y]`
 * Creates an active administrator (is_staff and is_superuser), or promotes the account that already
 * has that e-mail and sets its password. Uses the same database as `npm start` (DATABASE_URL, or the
 * embedded one under DATA_DIR/db).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedBase } from '../seed/base.js';
import { users } from '../db/schema.js';
import { hashPassword, PASSWORD_LENGTH } from '../core/passwords.js';
import { findUserByEmail, insertUser, normalizeEmail } from '../domain/users.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/limits.js';

const USAGE = 'Uso: npm run create-admin -- --email correo@ejemplo.cl --password clave [--first-name Nombre --last-name Apellido]';

function fail(message: string): never {
  console.error(`Error: ${message}\n${USAGE}`);
  process.exit(2);
}

let args: { email?: string; password?: string; 'first-name'?: string; 'last-name'?: string };
try {
  args = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
const email = normalizeEmail(args.email ?? '');
const password = args.password ?? '';
if (!email) fail('falta --email.');
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail(`"${email}" no es un correo electrónico válido.`);
if ([...password].length < PASSWORD_MIN || [...password].length > PASSWORD_MAX) fail(`la contraseña: ${PASSWORD_LENGTH}.`);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
try {
  await seedBase(database.db);
  const names = {
    ...(args['first-name'] !== undefined ? { first_name: args['first-name'].slice(0, 150) } : {}),
    ...(args['last-name'] !== undefined ? { last_name: args['last-name'].slice(0, 150) } : {}),
  };
  const admin = { ...names, password: await hashPassword(password), is_active: true, is_staff: true, is_superuser: true };
  const existing = await findUserByEmail(database.db, email);
  if (existing) {
    await database.db.update(users).set(admin).where(eq(users.id, existing.id));
    console.log(`Usuario existente ${existing.email} (id ${existing.id}) promovido a administrador; contraseña actualizada.`);
  } else {
    const created = await insertUser(database.db, { email, ...admin });
    console.log(`Administrador ${created.email} creado (id ${created.id}).`);
  }
} finally {
  await database.close();
}
