import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Closure } from '@aforo/contracts/report-closures';
import { formatDateTime, useTimeFormat } from '../../lib/time';
import type { DataTableColumn } from '../../ui/DataTable';
import { ClassCounts } from './components/ClassCounts';
import { RevisionFiles } from './components/RevisionFiles';
import { useZoneOfCompany } from './use-company-clock';
import { useReportFormat } from './use-report-format';

/** The revision a closed month's report shows now: its last one. */
export const currentRevision = (closure: Closure) => closure.revisions[closure.revisions.length - 1]!;

/**
 * The closed months' table: month and company, who closed it and when, the current revision with
 * its operation % and counts and the way to every revision, its stored files with their SHA-256.
 */
export function useClosureColumns(onOpen: (closure: Closure) => void) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const { locale } = useTimeFormat();
  const zoneOf = useZoneOfCompany();
  const dateOf = (iso: string, companyId: string) =>
    formatDateTime(iso, { locale, timeZone: zoneOf(companyId) });
  const columns: DataTableColumn<Closure>[] = [
    {
      accessor: 'month',
      title: t('reports.closures.fields.month'),
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {f.month(c.month)}
          </Text>
          <Text size="xs" c="dimmed">
            {c.companyName}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'closedAt',
      title: t('reports.closures.fields.closed'),
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{dateOf(c.closedAt, c.companyId)}</Text>
          <Text size="xs" c="dimmed">
            {t('reports.closures.closedBy', { name: c.closedBy.name })}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'revision',
      title: t('reports.closures.fields.revision'),
      render: (c) => {
        const r = currentRevision(c);
        return (
          <Stack gap={0} align="flex-start">
            <Text size="sm" fw={600}>
              {t('reports.closures.revisionN', { n: r.n })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reports.closures.revisionLine', {
                date: dateOf(r.createdAt, c.companyId),
                reason: t(`reports.closures.reasons.${r.reason}`),
              })}
            </Text>
            {r.changes > 0 && <Text size="xs">{t('reports.closures.changes', { count: r.changes })}</Text>}
            <Button
              mt={4}
              size="compact-xs"
              variant="light"
              onClick={() => onOpen(c)}
              aria-label={t('reports.closures.openLabel', {
                company: c.companyName,
                month: f.month(c.month),
              })}
            >
              {t('reports.closures.open', { count: c.revisions.length })}
            </Button>
          </Stack>
        );
      },
    },
    {
      accessor: 'percent',
      title: t('reports.closures.fields.percent'),
      render: (c) => (
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            {f.percent(currentRevision(c).totals.percent)}
          </Text>
          <ClassCounts counts={currentRevision(c).totals} />
        </Stack>
      ),
    },
    {
      accessor: 'files',
      title: t('reports.closures.fields.files'),
      noWrap: true,
      render: (c) => <RevisionFiles closureId={c.id} revision={currentRevision(c)} />,
    },
  ];
  return columns;
}
