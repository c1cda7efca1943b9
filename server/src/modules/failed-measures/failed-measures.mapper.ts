import { parseFailureDetail } from '@aforo/contracts/failed-measure-details';
import type { FailedMeasure, FailedMeasureDetail } from '@aforo/contracts/failed-measures';
import type { FailedMeasureListRow, FailedMeasureRecord } from './failed-measures.repository';

/** The stored detail with its code and parameters read back, so the web says it in its language. */
export function toFailedMeasure(row: FailedMeasureListRow): FailedMeasure {
  const parsed = parseFailureDetail(row.detail);
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    topic: row.topic,
    serial: row.serial,
    reason: row.reason,
    detail: row.detail,
    detailCode: parsed?.code ?? null,
    detailParams: parsed?.params ?? {},
    measureIndex: row.measureIndex,
  };
}

export function toFailedMeasureDetail(row: FailedMeasureRecord): FailedMeasureDetail {
  return { ...toFailedMeasure(row), payload: row.payload };
}

export const failedMeasureCsvHeader = [
  'received_at',
  'serial',
  'reason',
  'detail',
  'topic',
  'measure_index',
  'id',
] as const;

export function toFailedMeasureCsv(row: FailedMeasureListRow) {
  return [row.receivedAt, row.serial, row.reason, row.detail, row.topic, row.measureIndex, row.id];
}
