/**
 * The list/get/create/update/delete service of a catalogue entity (countries, billing plans,
 * brands, …): access check first, writes in one transaction with their history entry.
 */
import type { ErrorCode } from '@aforo/contracts/errors';
import type { Right } from '@aforo/contracts/roles';
import { assertCan } from '../core/access';
import type { Db } from '../db/client';
import { NotFoundError } from '../core/errors';
import type { RequestContext } from '../core/request-context';
import { recordChange } from '../core/history';
import type { Deps } from '../deps';

export interface CatalogueRepository<Row, Input, Query> {
  list(query: Query): Promise<{ rows: Row[]; total: number }>;
  findById(id: string): Promise<Row | undefined>;
  insert(input: Input): Promise<string>;
  update(id: string, input: Input): Promise<void>;
  remove(id: string): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the repository's own types are read back below
type AnyRepository = CatalogueRepository<any, any, any>;
type RowOf<R extends AnyRepository> = NonNullable<Awaited<ReturnType<R['findById']>>>;
type InputOf<R extends AnyRepository> = Parameters<R['insert']>[0];
type QueryOf<R extends AnyRepository> = Parameters<R['list']>[0];

export interface CatalogueSpec<Repo extends AnyRepository, Dto> {
  entityType: string;
  notFound: ErrorCode;
  rights: { read: Right; edit: Right };
  repository(db: Db): Repo;
  toDto(row: RowOf<Repo>): Dto;
  /** The fields the history of changes records. */
  history(row: RowOf<Repo>): Record<string, unknown>;
  /** Business rules on an input (uniqueness, references); throws the entity's codes. */
  assertInput?(ctx: RequestContext, repo: Repo, input: InputOf<Repo>, exceptId?: string): Promise<void>;
  /** Refuses or prepares a delete (e.g. "has companies"); runs inside the transaction. */
  beforeRemove?(ctx: RequestContext, tx: Db, repo: Repo, row: RowOf<Repo>): Promise<void>;
}

export function createCatalogueService<Repo extends AnyRepository, Dto>(
  { db, transact }: Pick<Deps, 'db' | 'transact'>,
  spec: CatalogueSpec<Repo, Dto>,
) {
  type Row = RowOf<Repo>;
  type Input = InputOf<Repo>;
  type Query = QueryOf<Repo>;
  const { entityType } = spec;

  async function existing(repo: Repo, id: string): Promise<Row> {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError(spec.notFound);
    return row;
  }

  return {
    async list(ctx: RequestContext, query: Query): Promise<{ rows: Dto[]; total: number }> {
      assertCan(ctx, spec.rights.read);
      const { rows, total } = await spec.repository(db).list(query);
      return { rows: rows.map((row: Row) => spec.toDto(row)), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Dto> {
      assertCan(ctx, spec.rights.read);
      return spec.toDto(await existing(spec.repository(db), id));
    },

    create(ctx: RequestContext, input: Input): Promise<Dto> {
      assertCan(ctx, spec.rights.edit);
      return transact(async (tx) => {
        const repo = spec.repository(tx);
        await spec.assertInput?.(ctx, repo, input);
        const id = await repo.insert(input);
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'create',
          companyId: null,
          before: null,
          after: spec.history(after),
        });
        return spec.toDto(after);
      });
    },

    update(ctx: RequestContext, id: string, input: Input): Promise<Dto> {
      assertCan(ctx, spec.rights.edit);
      return transact(async (tx) => {
        const repo = spec.repository(tx);
        const before = await existing(repo, id);
        await spec.assertInput?.(ctx, repo, input, id);
        await repo.update(id, input);
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'update',
          companyId: null,
          before: spec.history(before),
          after: spec.history(after),
        });
        return spec.toDto(after);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, spec.rights.edit);
      return transact(async (tx) => {
        const repo = spec.repository(tx);
        const before = await existing(repo, id);
        await spec.beforeRemove?.(ctx, tx, repo, before);
        await repo.remove(id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'delete',
          companyId: null,
          before: spec.history(before),
          after: null,
        });
      });
    },
  };
}
