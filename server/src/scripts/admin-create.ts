/**
 * `npm run admin:create -- --email you@example.com [--password …] [--name …] [--company …]`
 * makes a global ADMIN (and the provider company if there is none). Stop the server first when on
 * PGlite: only one process may open its data directory.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { passwordMinLength } from '@aforo/contracts/constants';
import { parseEnv } from '../config/env';
import { openConfiguredDatabase } from '../db/open';
import { createAdmin } from './create-admin';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Admin' },
    company: { type: 'string', default: 'Aforo' },
  },
});
const email = z.email().safeParse(values.email);
if (!email.success) {
  console.error(
    'usage: npm run admin:create -- --email you@example.com [--password …] [--name …] [--company …]',
  );
  process.exit(2);
}
const password = values.password ?? randomBytes(12).toString('base64url');
if (password.length < passwordMinLength) {
  console.error(`the password needs at least ${passwordMinLength} characters`);
  process.exit(2);
}
const env = parseEnv();
const database = await openConfiguredDatabase(env);
await database.migrate();
try {
  await createAdmin(database.db, { email: email.data, password, name: values.name, company: values.company });
  console.log(`global ADMIN ${email.data} created${values.password ? '' : ` with password ${password}`}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
