import type { LevelCounts, OverviewCompanyRow, TransmittingToday } from '@aforo/contracts/overview';
import { noDataLevel, pointLevelFilters } from '@aforo/contracts/point-state';
import type { CompanyCounts, TransmittingCounts } from './overview.repository';

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

/** Transmitting today over one company or several (each from its own midnight; `since` the earliest). */
export function toTransmittingToday(counts: TransmittingCounts[], now: Date): TransmittingToday {
  const total = counts.reduce((n, c) => n + c.total, 0);
  const transmitting = counts.reduce((n, c) => n + c.transmitting, 0);
  const since = counts.reduce((earliest, c) => (c.since < earliest ? c.since : earliest), now);
  return {
    transmitting,
    total,
    percent: total === 0 ? null : Math.round((transmitting / total) * 1000) / 10,
    since: since.toISOString(),
  };
}

/** The figures of several companies added up (the network's totals). */
export function sumCounts(all: CompanyCounts[]): CompanyCounts {
  return {
    levels: all.flatMap((c) => c.levels),
    outOfService: {
      under24h: all.reduce((n, c) => n + c.outOfService.under24h, 0),
      over24h: all.reduce((n, c) => n + c.outOfService.over24h, 0),
    },
    openAlerts: all.reduce((n, c) => n + c.openAlerts, 0),
    openDanger: all.reduce((n, c) => n + c.openDanger, 0),
    openNoTransmission: all.reduce((n, c) => n + c.openNoTransmission, 0),
  };
}

export function toOverviewCompanyRow(
  company: { id: string; businessName: string },
  counts: CompanyCounts | undefined,
  today: TransmittingCounts | undefined,
  now: Date,
): OverviewCompanyRow {
  return {
    companyId: company.id,
    companyName: company.businessName,
    points: toLevelCounts(counts?.levels ?? []),
    openAlerts: counts?.openAlerts ?? 0,
    openDanger: counts?.openDanger ?? 0,
    openNoTransmission: counts?.openNoTransmission ?? 0,
    devicesOutOfService: counts?.outOfService ?? { under24h: 0, over24h: 0 },
    transmittingToday: toTransmittingToday(today ? [today] : [], now),
  };
}
