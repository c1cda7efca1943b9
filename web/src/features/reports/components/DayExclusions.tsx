import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExclusionKind } from '@aforo/contracts/report-exclusions';
import type { ReportPoint } from '@aforo/contracts/reports';
import { rights } from '@aforo/contracts/roles';
import { useRoleCheck } from '../../../lib/current-user';
import { useExclusionsQuery } from '../exclusions-api';
import { useWithdrawExclusion } from '../use-withdraw-exclusion';
import { ExclusionForm } from './ExclusionForm';
import { ExclusionSummary } from './ExclusionSummary';

export interface DayExclusionsProps {
  point: Pick<ReportPoint, 'pointId' | 'name' | 'companyId'>;
  day: string;
}

/**
 * The agreed exclusions and notes touching a point-day (docs/REPORTS.md "Agreed exclusions and
 * notes"), with their status; ADMIN and CHIEF exclude the day (or a range) by agreement, annotate
 * it, or withdraw one.
 */
export function DayExclusions({ point, day }: DayExclusionsProps) {
  const { t } = useTranslation();
  const canEdit = useRoleCheck({ roles: rights['supervision.edit'] }) === true;
  const [kind, setKind] = useState<ExclusionKind | null>(null);
  const query = useExclusionsQuery(
    { pointId: point.pointId, from: day, to: day },
    { companyId: point.companyId },
  );
  const withdraw = useWithdrawExclusion();
  const rows = query.data?.rows ?? [];
  return (
    <Stack gap="xs" data-testid="day-exclusions">
      <Group justify="space-between" gap="xs">
        <Title order={4} size="h6">
          {t('reports.agreed.onDay')}
        </Title>
        {canEdit && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setKind('exclusion')}>
              {t('reports.agreed.exclude')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setKind('note')}>
              {t('reports.agreed.annotate')}
            </Button>
          </Group>
        )}
      </Group>
      {query.error && (
        <Alert color="red" variant="light">
          {query.error.message}
        </Alert>
      )}
      {query.isLoading && <Loader size="xs" aria-label={t('common.loading')} />}
      {query.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('reports.agreed.noneOnDay')}
        </Text>
      )}
      {rows.map((e) => (
        <ExclusionSummary key={e.id} exclusion={e} onWithdraw={canEdit ? () => withdraw(e) : undefined} />
      ))}
      {kind && <ExclusionForm point={point} kind={kind} day={day} onClose={() => setKind(null)} />}
    </Stack>
  );
}
