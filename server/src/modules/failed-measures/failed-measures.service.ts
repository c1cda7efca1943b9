/** Refused device messages (reasons in docs/MEASURES.md): provider staff (ADMIN, CHIEF, VIEWER) read them. */
import type { FailedMeasureExportQuery, FailedMeasureListQuery } from '@aforo/contracts/failed-measures';
import { assertCan } from '../../core/access';
import { AppError, NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { toFailedMeasure, toFailedMeasureDetail } from './failed-measures.mapper';
import { createFailedMeasuresRepository } from './failed-measures.repository';
import type { Deps } from '../../deps';

function check(ctx: RequestContext, query: Pick<FailedMeasureListQuery, 'from' | 'to'>) {
  assertCan(ctx, 'supervision.read');
  if (query.from && query.to && query.from.getTime() >= query.to.getTime()) {
    throw new AppError('ME1001');
  }
}

export function createFailedMeasuresService({ db }: Deps) {
  const repo = createFailedMeasuresRepository(db);

  return {
    async list(ctx: RequestContext, query: FailedMeasureListQuery) {
      check(ctx, query);
      const { rows, total } = await repo.listAcrossCompanies(query);
      return { rows: rows.map(toFailedMeasure), total };
    },

    /** Every row of the filters, in batches; checked before the first row is read. */
    export(ctx: RequestContext, query: FailedMeasureExportQuery) {
      check(ctx, query);
      return repo.exportAcrossCompanies(query);
    },

    async get(ctx: RequestContext, id: string) {
      assertCan(ctx, 'supervision.read');
      const row = await repo.findAcrossCompanies(id);
      if (!row) throw new NotFoundError('ME1000');
      return toFailedMeasureDetail(row);
    },
  };
}
export type FailedMeasuresService = ReturnType<typeof createFailedMeasuresService>;
