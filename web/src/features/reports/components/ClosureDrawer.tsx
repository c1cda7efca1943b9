import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Closure } from '@aforo/contracts/report-closures';
import { formatDateTime, useTimeFormat } from '../../../lib/time';
import { showToast } from '../../../ui/toasts';
import { useReviseMutation } from '../closures-api';
import { useZoneOfCompany } from '../use-company-clock';
import { useReportFormat } from '../use-report-format';
import { ClosureDeliveries } from './ClosureDeliveries';
import { RevisionCard } from './RevisionCard';

export interface ClosureDrawerProps {
  closure: Closure | null;
  /** The revision whose change list is open. */
  revision: number | null;
  onShowRevision: (n: number | null) => void;
  /** ADMIN and CHIEF may compare the month now instead of waiting for the daily job. */
  canRevise: boolean;
  onClose: () => void;
}

/**
 * A closed month's revisions, newest first, each with its stored files and the days it changed; then
 * to whom each was mailed.
 */
export function ClosureDrawer({ closure, revision, onShowRevision, canRevise, onClose }: ClosureDrawerProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const { locale } = useTimeFormat();
  const zoneOf = useZoneOfCompany();
  const revise = useReviseMutation();
  const dateOf = (iso: string) => formatDateTime(iso, { locale, timeZone: zoneOf(closure?.companyId ?? '') });
  const compare = (id: string) =>
    revise.mutate(id, {
      onSuccess: (result) => {
        if (result.revision === null) showToast('info', t('reports.closures.unchanged'));
        else {
          showToast('success', t('reports.closures.revised', { n: result.revision }));
          onShowRevision(result.revision);
        }
      },
      onError: (error) => showToast('error', error.message),
    });
  const last = closure ? closure.revisions.length : 0;
  return (
    <Drawer
      opened={closure !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        closure
          ? t('reports.closures.drawerTitle', { company: closure.companyName, month: f.month(closure.month) })
          : ''
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {closure && (
        <Stack gap="md">
          <Text size="sm">
            {t('reports.closures.closedLine', {
              date: dateOf(closure.closedAt),
              name: closure.closedBy.name,
            })}
          </Text>
          {canRevise && (
            <Stack gap={4} align="flex-start">
              <Button
                size="xs"
                variant="light"
                loading={revise.isPending}
                onClick={() => compare(closure.id)}
              >
                {t('reports.closures.revise')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('reports.closures.reviseHint')}
              </Text>
            </Stack>
          )}
          {[...closure.revisions].reverse().map((r) => (
            <RevisionCard
              key={r.n}
              closureId={closure.id}
              revision={r}
              current={r.n === last}
              dated={dateOf(r.createdAt)}
              expanded={revision === r.n}
              onToggle={() => onShowRevision(revision === r.n ? null : r.n)}
            />
          ))}
          <ClosureDeliveries closureId={closure.id} dateOf={dateOf} />
        </Stack>
      )}
    </Drawer>
  );
}
