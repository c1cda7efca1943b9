import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RevisionSummary } from '@aforo/contracts/report-closures';
import { useReportFormat } from '../use-report-format';
import { ClassCounts } from './ClassCounts';
import { RevisionChanges } from './RevisionChanges';
import { RevisionFiles } from './RevisionFiles';

export interface RevisionCardProps {
  closureId: string;
  revision: RevisionSummary;
  /** The revision the month's report shows now. */
  current: boolean;
  /** When and by whom, on the company's clock. */
  dated: string;
  /** Its change list is shown (the URL's `revision`). */
  expanded: boolean;
  onToggle: () => void;
}

/** One frozen version of a closed month: why it was made, its figures, its files, what it changed. */
export function RevisionCard({
  closureId,
  revision: r,
  current,
  dated,
  expanded,
  onToggle,
}: RevisionCardProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <Card withBorder padding="sm" data-testid={`revision-${r.n}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{t('reports.closures.revisionN', { n: r.n })}</Text>
            {current && (
              <Badge size="sm" variant="light" color="indigo">
                {t('reports.closures.fields.revision')}
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={700}>
            {f.percent(r.totals.percent)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('reports.closures.revisionLine', {
            date: dated,
            reason: t(`reports.closures.reasons.${r.reason}`),
          })}
          {r.createdBy && ` ${t('reports.closures.closedBy', { name: r.createdBy.name })}`}
        </Text>
        <ClassCounts counts={r.totals} />
        <RevisionFiles closureId={closureId} revision={r} labelled />
        {r.changes > 0 && (
          <>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('reports.closures.changes', { count: r.changes })}</Text>
              <Button size="compact-xs" variant="subtle" onClick={onToggle} aria-expanded={expanded}>
                {expanded ? t('reports.closures.hideChanges') : t('reports.closures.showChanges')}
              </Button>
            </Group>
            {expanded && <RevisionChanges closureId={closureId} n={r.n} />}
          </>
        )}
      </Stack>
    </Card>
  );
}
