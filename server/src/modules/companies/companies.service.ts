/** Companies (Accounts > Companies: ADMIN edits; CHIEF and VIEWER read for selectors). */
import {
  slugOf,
  type Company,
  type CompanyInputParsed,
  type CompanyListQuery,
} from '@aforo/contracts/companies';
import { fieldMessage } from '@aforo/contracts/errors';
import { assertCan } from '../../core/access';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { recordChange } from '../../core/history';
import { afterCommit } from '../../db/transaction';
import { companyHistory, toCompany } from './companies.mapper';
import { createCompaniesRepository, type CompaniesRepository } from './companies.repository';
import type { Deps } from '../../deps';

const entityType = 'company';

export function createCompaniesService({ db, transact }: Deps) {
  async function existing(repo: CompaniesRepository, id: string) {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError('CO1000');
    return row;
  }

  /** A company that is not deleted: a deleted one can only be read or restored. */
  async function live(repo: CompaniesRepository, id: string) {
    const row = await existing(repo, id);
    if (row.deletedAt) throw new NotFoundError('CO1000');
    return row;
  }

  async function assertValid(
    ctx: RequestContext,
    repo: CompaniesRepository,
    input: CompanyInputParsed,
    exceptId?: string,
  ) {
    const fields: Record<string, string> = {};
    if (input.countryId && !(await repo.countryExists(input.countryId)))
      fields.countryId = fieldMessage('invalid', ctx.lang);
    if (input.billingPlanId && !(await repo.billingPlanExists(input.billingPlanId)))
      fields.billingPlanId = fieldMessage('invalid', ctx.lang);
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    if (await repo.isNameTaken(input.businessName, exceptId)) throw new ConflictError('CO1001');
    if (input.slug && (await repo.isSlugTaken(input.slug, exceptId))) throw new ConflictError('CO1007');
  }

  /** A new company without a chosen slug gets its name's, with the first free -N when taken. */
  async function freeSlug(repo: CompaniesRepository, name: string): Promise<string> {
    const base = slugOf(name);
    const taken = await repo.slugsLike(base);
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }

  return {
    async list(ctx: RequestContext, query: CompanyListQuery) {
      assertCan(ctx, 'catalogue.read');
      const { rows, total } = await createCompaniesRepository(db).list(query);
      return { rows: rows.map(toCompany), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Company> {
      assertCan(ctx, 'catalogue.read');
      return toCompany(await existing(createCompaniesRepository(db), id));
    },

    create(ctx: RequestContext, input: CompanyInputParsed): Promise<Company> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCompaniesRepository(tx);
        await assertValid(ctx, repo, input);
        const slug = input.slug ?? (await freeSlug(repo, input.businessName));
        const measureRetentionMonths = input.measureRetentionMonths ?? null;
        const after = await existing(repo, await repo.insert({ ...input, slug, measureRetentionMonths }));
        await recordChange(tx, ctx, {
          entityType,
          entityId: after.id,
          action: 'create',
          companyId: after.id,
          before: null,
          after: companyHistory(after),
        });
        return toCompany(after);
      });
    },

    update(ctx: RequestContext, id: string, input: CompanyInputParsed): Promise<Company> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCompaniesRepository(tx);
        const before = await live(repo, id);
        await assertValid(ctx, repo, input, id);
        await repo.update(id, {
          ...input,
          slug: input.slug ?? before.slug,
          // an edit that does not name it keeps it: the measure-retention job acts on this value
          measureRetentionMonths:
            input.measureRetentionMonths === undefined
              ? before.measureRetentionMonths
              : input.measureRetentionMonths,
        });
        afterCommit(tx, 'company.changed', { companyId: id });
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'update',
          companyId: id,
          before: companyHistory(before),
          after: companyHistory(after),
        });
        return toCompany(after);
      });
    },

    /** Soft delete: refused for the provider itself and for a company that still has users. */
    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCompaniesRepository(tx);
        const before = await live(repo, id);
        if (before.isProvider || before.users > 0) throw new ConflictError('CO1002');
        await repo.softDelete(id);
        afterCommit(tx, 'company.changed', { companyId: id });
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'delete',
          companyId: id,
          before: companyHistory(before),
          after: companyHistory(after),
        });
      });
    },

    restore(ctx: RequestContext, id: string): Promise<Company> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCompaniesRepository(tx);
        const before = await existing(repo, id);
        if (!before.deletedAt || (await repo.isNameTaken(before.businessName, id)))
          throw new ConflictError('CO1006');
        await repo.restore(id);
        afterCommit(tx, 'company.changed', { companyId: id });
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'restore',
          companyId: id,
          before: companyHistory(before),
          after: companyHistory(after),
        });
        return toCompany(after);
      });
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
