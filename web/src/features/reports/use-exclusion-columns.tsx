import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import type { DataTableColumn } from '../../ui/DataTable';
import { ExclusionStatusBadge } from './components/ExclusionStatusBadge';
import type { ReviewDecision } from './components/ExclusionReviewDialog';
import { useExclusionText } from './use-exclusion-text';

export interface ExclusionColumnsOptions {
  /** The client's admins accept or dispute (reports.review). */
  onReview?: (exclusion: ReportExclusion, decision: ReviewDecision) => void;
  /** ADMIN and CHIEF withdraw. */
  onWithdraw?: (exclusion: ReportExclusion) => void;
}

/** The agreed exclusions' table: point and days, kind and cause, the comment, who, the client's word. */
export function useExclusionColumns({ onReview, onWithdraw }: ExclusionColumnsOptions) {
  const { t } = useTranslation();
  const text = useExclusionText();
  const columns: DataTableColumn<ReportExclusion>[] = [
    {
      accessor: 'pointName',
      title: t('reports.agreed.fields.point'),
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {e.pointName}
          </Text>
          <Text size="xs">{text.range(e)}</Text>
        </Stack>
      ),
    },
    {
      accessor: 'cause',
      title: t('reports.agreed.fields.what'),
      render: (e) => (
        <Stack gap={4} align="flex-start">
          <Badge variant="outline" color={e.kind === 'exclusion' ? 'blue' : 'gray'}>
            {t(`reports.agreed.kinds.${e.kind}`)}
          </Badge>
          <Text size="sm">{t(`reports.agreed.causes.${e.cause}`)}</Text>
        </Stack>
      ),
    },
    {
      accessor: 'comment',
      title: t('reports.agreed.fields.comment'),
      render: (e) => (
        <Stack gap={2}>
          {e.comment && <Text size="sm">{e.comment}</Text>}
          {e.attachmentRef && (
            <Text size="xs" c="dimmed">
              {t('reports.agreed.attachmentRef')}: {e.attachmentRef}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {text.created(e)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: t('reports.agreed.fields.status'),
      render: (e) => (
        <Stack gap={2} align="flex-start">
          <ExclusionStatusBadge status={e.status} />
          {text.reviewed(e) && (
            <Text size="xs" c="dimmed">
              {text.reviewed(e)}
            </Text>
          )}
          {e.reviewComment && (
            <Text size="xs" fs="italic">
              {e.reviewComment}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  if (onReview || onWithdraw)
    columns.push({
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (e) =>
        e.status === 'withdrawn' ? null : (
          <Group
            gap={6}
            justify="flex-end"
            wrap="nowrap"
            role="group"
            aria-label={t('reports.agreed.actionsOf', { point: e.pointName, range: text.range(e) })}
          >
            {onReview && e.status !== 'accepted' && (
              <Button size="compact-sm" color="teal" variant="light" onClick={() => onReview(e, 'accepted')}>
                {t('reports.agreed.accept')}
              </Button>
            )}
            {onReview && e.status !== 'disputed' && (
              <Button size="compact-sm" color="red" variant="light" onClick={() => onReview(e, 'disputed')}>
                {t('reports.agreed.dispute')}
              </Button>
            )}
            {onWithdraw && (
              <Button size="compact-sm" color="red" variant="subtle" onClick={() => onWithdraw(e)}>
                {t('reports.agreed.withdraw')}
              </Button>
            )}
          </Group>
        ),
    });
  return columns;
}
