import type { LevelCounts, OverviewCompanyRow } from '@aforo/contracts/overview';
import { noDataLevel, pointLevelFilters } from '@aforo/contracts/point-state';
import type { CompanyCounts } from './overview.repository';

/** Every level with its count (zero included); no data counts under NO_DATA. */
export function toLevelCounts(levels: CompanyCounts['levels']): { total: number; byLevel: LevelCounts } {
  const byLevel = Object.fromEntries(pointLevelFilters.map((level) => [level, 0])) as LevelCounts;
  let total = 0;
  for (const { level, count } of levels) {
    byLevel[level ?? noDataLevel] += count;
    total += count;
  }
  return { total, byLevel };
}

export function toOverviewCompanyRow(
  company: { id: string; businessName: string },
  counts: CompanyCounts | undefined,
): OverviewCompanyRow {
  return {
    companyId: company.id,
    businessName: company.businessName,
    points: toLevelCounts(counts?.levels ?? []),
    openDanger: counts?.openDanger ?? 0,
    openNoTransmission: counts?.openNoTransmission ?? 0,
    devicesOutOfService: counts?.outOfService ?? { under24h: 0, over24h: 0 },
  };
}
