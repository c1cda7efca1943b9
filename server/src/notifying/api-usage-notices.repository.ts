/** SQL of the API usage notices: who is told (the company's admins). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** Active ADMIN_CLIENTE users with an Active profile in the company. */
export async function companyAdmins(
  tx: Db,
  companyId: string,
): Promise<Array<{ id: string; email: string; name: string; language: string }>> {
  return rowsOf(
    await tx.execute(sql`
      select u.id::text, u.email, trim(concat_ws(' ', u.name, u.surname)) as name, u.language
      from users u join user_profiles up on up.user_id = u.id
      where up.company_id = ${companyId} and up.state = 'Active' and 'ROLE_ADMIN_CLIENTE' = any(up.roles)
        and u.state = 'Active' and u.deleted_at is null
      order by u.id::text`),
  );
}
