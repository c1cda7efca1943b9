import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportClosureNote } from '@aforo/contracts/reports';
import { formatDateTime, useTimeFormat } from '../../../lib/time';

export interface ClosedMonthBannerProps {
  closure: ReportClosureNote;
  /** The company's zone: the close is dated on its clock. */
  timeZone: string;
  /** The closed months' screen, opened on this closure. */
  to: string;
}

/**
 * Over a closed month's report (docs/REPORTS.md "Month close and revisions"): the figures are the
 * frozen ones of its current revision — closed when and by whom — with a link to the closure.
 */
export function ClosedMonthBanner({ closure, timeZone, to }: ClosedMonthBannerProps) {
  const { t } = useTranslation();
  const { locale } = useTimeFormat();
  const date = formatDateTime(closure.closedAt, { locale, timeZone });
  return (
    <Alert
      color="indigo"
      variant="light"
      role="status"
      title={t('reports.closed.title')}
      data-testid="closed-banner"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('reports.closed.banner', { date, name: closure.closedBy.name, n: closure.revision })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('reports.closed.hint')}
          </Text>
        </Stack>
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {t('reports.closed.link')}
        </Anchor>
      </Group>
    </Alert>
  );
}
