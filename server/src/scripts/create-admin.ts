import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
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
        .values({ businessName: input.company, isProvider: true })
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
