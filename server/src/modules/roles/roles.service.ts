/** The role list (docs/ROLES.md, docs/API.md GET /roles): any signed-in user may read it. */
import type { RoleItem } from '@aforo/contracts/roles';
import type { RequestContext } from '../../core/request-context';
import { toRoleItem } from './roles.mapper';
import { createRolesRepository } from './roles.repository';
import type { Deps } from '../../deps';

export function createRolesService({ db }: Deps) {
  const repo = createRolesRepository(db);
  return {
    async list(ctx: RequestContext): Promise<{ rows: RoleItem[]; total: number }> {
      const rows = (await repo.list()).flatMap((row) => toRoleItem(row, ctx.lang) ?? []);
      return { rows, total: rows.length };
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
