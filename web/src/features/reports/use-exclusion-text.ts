/** How an agreed exclusion or note reads: its days, its cause, who made and reviewed it. */
import { useTranslation } from 'react-i18next';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import { useTimeFormat } from '../../lib/time';
import { useReportFormat } from './use-report-format';

export function useExclusionText() {
  const { t } = useTranslation();
  const f = useReportFormat();
  const time = useTimeFormat();
  return {
    /** "12/10/2026", or "del 12/10/2026 al 14/10/2026". */
    range: (e: Pick<ReportExclusion, 'from' | 'to'>) =>
      e.from === e.to ? f.day(e.from) : t('reports.agreed.range', { from: f.day(e.from), to: f.day(e.to) }),
    /** "Exclusión · Inundación". */
    what: (e: Pick<ReportExclusion, 'kind' | 'cause'>) =>
      `${t(`reports.agreed.kinds.${e.kind}`)} · ${t(`reports.agreed.causes.${e.cause}`)}`,
    created: (e: ReportExclusion) =>
      t('reports.agreed.createdBy', { name: e.createdBy.name, date: time.dateTime(e.createdAt) }),
    /** "por Marta Gil el 03/11/2026, 10:05" (beside the status); null before the client's review. */
    reviewed: (e: ReportExclusion) =>
      e.reviewedBy && e.reviewedAt
        ? t('reports.agreed.reviewedBy', { name: e.reviewedBy.name, date: time.dateTime(e.reviewedAt) })
        : null,
  };
}
