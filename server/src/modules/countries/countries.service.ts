/** Countries (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import type { Country, CountryInput, CountryListQuery } from '@aforo/contracts/countries';
import { assertCan } from '../../auth/access';
import type { Db } from '../../db/client';
import { transactor } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { recordChange } from '../log-entries/history';
import { countryHistory, toCountry } from './countries.mapper';
import { createCountriesRepository, type CountriesRepository } from './countries.repository';

const entityType = 'country';

export function createCountriesService(db: Db) {
  const transact = transactor(db);

  async function existing(repo: CountriesRepository, id: string) {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError('CU1000');
    return row;
  }

  async function assertUnique(repo: CountriesRepository, input: CountryInput, exceptId?: string) {
    const clash = await repo.findClash(input, exceptId);
    if (clash.name) throw new ConflictError('CU1001');
    if (clash.code) throw new ConflictError('CU1003');
  }

  return {
    async list(ctx: RequestContext, query: CountryListQuery) {
      assertCan(ctx, 'catalogue.read');
      const { rows, total } = await createCountriesRepository(db).list(query);
      return { rows: rows.map(toCountry), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Country> {
      assertCan(ctx, 'catalogue.read');
      return toCountry(await existing(createCountriesRepository(db), id));
    },

    create(ctx: RequestContext, input: CountryInput): Promise<Country> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCountriesRepository(tx);
        await assertUnique(repo, input);
        const after = await existing(repo, await repo.insert(input));
        await recordChange(tx, ctx, {
          entityType,
          entityId: after.id,
          action: 'create',
          companyId: null,
          before: null,
          after: countryHistory(after),
        });
        return toCountry(after);
      });
    },

    update(ctx: RequestContext, id: string, input: CountryInput): Promise<Country> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCountriesRepository(tx);
        const before = await existing(repo, id);
        await assertUnique(repo, input, id);
        await repo.update(id, input);
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'update',
          companyId: null,
          before: countryHistory(before),
          after: countryHistory(after),
        });
        return toCountry(after);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createCountriesRepository(tx);
        const before = await existing(repo, id);
        if (await repo.isUsed(id)) throw new ConflictError('CU1002');
        await repo.remove(id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'delete',
          companyId: null,
          before: countryHistory(before),
          after: null,
        });
      });
    },
  };
}
export type CountriesService = ReturnType<typeof createCountriesService>;
