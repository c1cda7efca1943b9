import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alertReplayDays,
  type AlertReplay,
  type AlertReplayInputParsed,
} from '@aforo/contracts/alert-replay';
import { formatNumber } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { useAlertReplayQuery } from '../alert-replay.api';

/** Typing a level fires one replay once the keys rest, not one per digit. */
const debounceMs = 600;

export interface AlertReplayPreviewProps {
  /** null: a point not saved yet, with no measures to replay. */
  pointId: string | null;
  /** The form's candidate settings; null while they do not validate. */
  candidate: AlertReplayInputParsed | null;
  /** Replay now: the operator asked for it, or changed a level or delay. */
  active: boolean;
  onActivate: () => void;
}

/**
 * Before saving: how many DANGER and WARNING alerts the last 30 days of the point's measures would
 * have raised with the form's levels and delays, beside the saved ones (docs/ALERTS.md, "Replay").
 */
export function AlertReplayPreview({ pointId, candidate, active, onActivate }: AlertReplayPreviewProps) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(candidate, debounceMs);
  // a fresh object on every render would be a fresh query key: key by the values
  const key = JSON.stringify(debounced);
  const input = useMemo(() => (key === 'null' ? null : (JSON.parse(key) as AlertReplayInputParsed)), [key]);
  const replay = useAlertReplayQuery(pointId, active ? input : null);

  if (!pointId)
    return (
      <Text size="sm" c="dimmed">
        {t('points.tuning.replay.newPoint')}
      </Text>
    );
  if (!active)
    return (
      <Group>
        <Button variant="light" onClick={onActivate}>
          {t('points.tuning.replay.try', { days: alertReplayDays })}
        </Button>
      </Group>
    );
  return (
    <Stack gap={4} data-testid="alert-replay" aria-live="polite">
      <Group gap="xs">
        <Text fw={600} size="sm">
          {t('points.tuning.replay.title', { days: alertReplayDays })}
        </Text>
        {(replay.isFetching || JSON.stringify(candidate) !== key) && (
          <Loader size="xs" aria-label={t('points.tuning.replay.running')} />
        )}
      </Group>
      {candidate === null ? (
        <Text size="sm" c="dimmed">
          {t('points.tuning.replay.invalid')}
        </Text>
      ) : replay.isError ? (
        <Alert color="red" variant="light" p="xs">
          {t('points.tuning.replay.error')} {replay.error.message}
        </Alert>
      ) : replay.data ? (
        <ReplayCounts replay={replay.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('points.tuning.replay.running')}
        </Text>
      )}
    </Stack>
  );
}

function ReplayCounts({ replay }: { replay: AlertReplay }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  if (replay.measures === 0 || replay.port === null)
    return (
      <Text size="sm" c="dimmed">
        {t('points.tuning.replay.noMeasures', { days: alertReplayDays })}
      </Text>
    );
  const day = new Intl.DateTimeFormat(time.locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: time.timeZone,
  });
  const row = (label: string, counts: AlertReplay['alerts'], testId: string) => (
    <Table.Tr data-testid={testId}>
      <Table.Th scope="row" fw={400}>
        {label}
      </Table.Th>
      <Table.Td data-level="DANGER">{formatNumber(counts.danger)}</Table.Td>
      <Table.Td data-level="WARNING">{formatNumber(counts.warning)}</Table.Td>
    </Table.Tr>
  );
  return (
    <>
      <Table withTableBorder maw={520} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('alerts.levels.DANGER')}</Table.Th>
            <Table.Th>{t('alerts.levels.WARNING')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row(t('points.tuning.replay.candidate'), replay.alerts, 'replay-candidate')}
          {row(t('points.tuning.replay.current'), replay.current, 'replay-current')}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('points.tuning.replay.summary', {
          measures: formatNumber(replay.measures),
          port: replay.port,
          from: day.format(new Date(replay.from)),
          to: day.format(new Date(replay.to)),
        })}
      </Text>
    </>
  );
}
