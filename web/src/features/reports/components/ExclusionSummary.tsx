import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import { useExclusionText } from '../use-exclusion-text';
import { ExclusionStatusBadge } from './ExclusionStatusBadge';

export interface ExclusionSummaryProps {
  exclusion: ReportExclusion;
  /** Set for ADMIN and CHIEF while it is not withdrawn. */
  onWithdraw?: () => void;
}

/** An agreed exclusion or note as the day's detail lists it: what, which days, who, the client's word. */
export function ExclusionSummary({ exclusion: e, onWithdraw }: ExclusionSummaryProps) {
  const { t } = useTranslation();
  const text = useExclusionText();
  const reviewed = text.reviewed(e);
  return (
    <Card withBorder padding="xs" data-testid="exclusion">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Badge variant="outline" color={e.kind === 'exclusion' ? 'blue' : 'gray'}>
              {t(`reports.agreed.kinds.${e.kind}`)}
            </Badge>
            <Text size="sm" fw={600}>
              {t(`reports.agreed.causes.${e.cause}`)}
            </Text>
            <ExclusionStatusBadge status={e.status} />
          </Group>
          {onWithdraw && e.status !== 'withdrawn' && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onWithdraw}>
              {t('reports.agreed.withdraw')}
            </Button>
          )}
        </Group>
        <Text size="sm">{text.range(e)}</Text>
        {e.comment && <Text size="sm">{e.comment}</Text>}
        {e.attachmentRef && (
          <Text size="xs">
            {t('reports.agreed.attachmentRef')}: {e.attachmentRef}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {text.created(e)}
        </Text>
        {reviewed && (
          <Text size="xs" c="dimmed">
            {reviewed}
            {e.reviewComment ? ` — ${e.reviewComment}` : ''}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
