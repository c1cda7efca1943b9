/**
 * `npm run admin:create -- --email you@example.com [--password …] [--name …] [--company …]`
 * makes a global ADMIN (and the provider company if there is none). Stop the server first when on
 * PGlite: only one process may open its data directory.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { slugOf } from '@aforo/contracts/companies';
import { passwordMinLength } from '@aforo/contracts/constants';
import { hashPassword } from '../auth/passwords';
import { parseEnv } from '../config/env';
import type { Db } from '../db/client';
import { openConfiguredDatabase } from '../db/open';
import { companies, userProfiles, users } from '../db/schema';

/** Creates a global ADMIN; refuses an email that is already registered (U1009). */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; name: string; company: string },
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`);
    if (taken) throw new Error(`U1009: ${input.email} is already registered`);
    let [provider] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.isProvider, true), isNull(companies.deletedAt)));
    if (!provider) {
      [provider] = await tx
        .insert(companies)
        .values({ businessName: input.company, slug: slugOf(input.company), isProvider: true })
        .returning({ id: companies.id });
    }
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash,
        state: 'Active',
        defaultCompanyId: provider!.id,
      })
      .returning({ id: users.id });
    await tx.insert(userProfiles).values({ userId: user!.id, companyId: null, roles: ['ROLE_ADMIN'] });
    return user!.id;
  });
}

const usage =
  'usage: npm run admin:create -- --email you@example.com [--password …] [--name …] [--company …]';

/** The command line: parses the arguments, opens the configured database and calls createAdmin. */
async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: 'Admin' },
      company: { type: 'string', default: 'Aforo' },
    },
  });
  const email = z.email().safeParse(values.email);
  if (!email.success) {
    console.error(usage);
    process.exit(2);
  }
  const password = values.password ?? randomBytes(12).toString('base64url');
  if (password.length < passwordMinLength) {
    console.error(`the password needs at least ${passwordMinLength} characters`);
    process.exit(2);
  }
  const database = await openConfiguredDatabase(parseEnv());
  await database.migrate();
  try {
    await createAdmin(database.db, {
      email: email.data,
      password,
      name: values.name,
      company: values.company,
    });
    console.log(`global ADMIN ${email.data} created${values.password ? '' : ` with password ${password}`}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

// run as a script only: the tests import createAdmin
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
