import {
  Alert as Notice,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { rights } from '@aforo/contracts/roles';
import { useRoleCheck } from '../../../lib/current-user';
import { formatValue } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { AlertLevelBadge } from '../../../ui/AlertLevelBadge';
import { AlertStateBadge } from '../../../ui/AlertStateBadge';
import { LabeledValue } from '../../../ui/LabeledValue';
import { showToast } from '../../../ui/toasts';
import { isAcknowledgeable } from '../alert-filters';
import { useAlertDetailQuery, useUnshelveAlertMutation } from '../api';
import { AcknowledgeModal } from '../components/AcknowledgeModal';
import { AlertNotifications } from '../components/AlertNotifications';
import { AlertSeriesCard } from '../components/AlertSeriesCard';
import { AlertTimeline } from '../components/AlertTimeline';
import { ShelveModal } from '../components/ShelveModal';
import { pointPath } from '../use-alert-columns';

/**
 * /app/operation/alerts/{id} (docs/ALERTS.md "Alert detail"): the alert, the series around it, its
 * timeline and the notifications sent for it; operators acknowledge and shelve it here too. Provider
 * staff open any company's alert (the network view's rows, notifications of another company).
 */
export function AlertDetailPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { id = '' } = useParams();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '/app/operation/alerts';
  const query = useAlertDetailQuery(id);
  const canAct = useRoleCheck({ roles: rights['alerts.acknowledge'] }) === true;
  const unshelve = useUnshelveAlertMutation();
  const [dialog, setDialog] = useState<'acknowledge' | 'shelve' | null>(null);
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      {t('alerts.detail.back')}
    </Anchor>
  );
  if (query.isPending) return <Text>{t('common.loading')}</Text>;
  if (query.isError)
    return (
      <Stack gap="md" align="flex-start">
        {backLink}
        <Notice color="red" variant="light">
          {query.error.message}
        </Notice>
      </Stack>
    );
  const alert = query.data;
  const measured = (value: number | null) => (value === null ? '—' : `${formatValue(value)} ${alert.unit}`);
  const type = t(`alerts.types.${alert.type}`);

  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Group gap="xs">
            <AlertLevelBadge level={alert.level} />
            <Title order={2} size="h3">
              {t('alerts.detail.title', { type, point: alert.pointName })}
            </Title>
          </Group>
          <AlertStateBadge alert={alert} />
        </Stack>
        {canAct && (
          <Group gap="xs">
            {isAcknowledgeable(alert) && (
              <Button onClick={() => setDialog('acknowledge')}>{t('alerts.actions.acknowledge')}</Button>
            )}
            {alert.active && (
              <Button variant="light" onClick={() => setDialog('shelve')}>
                {t('alerts.actions.shelve')}
              </Button>
            )}
            {alert.shelved && (
              <Button
                variant="light"
                loading={unshelve.isPending}
                onClick={() =>
                  unshelve.mutate(alert.id, {
                    onSuccess: () => showToast('success', t('alerts.done.unshelved')),
                    onError: (error) => showToast('error', error.message),
                  })
                }
              >
                {t('alerts.actions.unshelve')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <LabeledValue label={t('alerts.fields.company')}>{alert.companyName}</LabeledValue>
          <LabeledValue label={t('alerts.fields.point')}>
            <Anchor component={Link} to={pointPath(alert.pointId)} size="sm">
              {alert.pointName}
            </Anchor>
            {alert.port && (
              <Text size="xs" c="dimmed">
                {t('alerts.fields.portValue', { port: alert.port })}
              </Text>
            )}
          </LabeledValue>
          <LabeledValue label={t('alerts.detail.device')}>{alert.deviceSerial ?? '—'}</LabeledValue>
          <LabeledValue label={t('alerts.fields.openedAt')}>
            {time.dateTime(alert.openedAt)}
            <Text size="xs" c="dimmed">
              {measured(alert.openedValue)}
            </Text>
          </LabeledValue>
          <LabeledValue label={t('alerts.fields.lastAt')}>
            {time.dateTime(alert.lastAt)}
            <Text size="xs" c="dimmed">
              {measured(alert.lastValue)}
              {alert.count > 1 && ` · ${t('alerts.fields.times', { count: alert.count })}`}
            </Text>
          </LabeledValue>
          <LabeledValue label={t('alerts.detail.clearedAt')}>
            {alert.clearedAt ? time.dateTime(alert.clearedAt) : '—'}
            {alert.clearedAt && (
              <Text size="xs" c="dimmed">
                {measured(alert.clearedValue)}
              </Text>
            )}
          </LabeledValue>
        </SimpleGrid>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AlertSeriesCard alert={alert} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AlertTimeline alert={alert} />
        </Grid.Col>
      </Grid>
      <AlertNotifications alert={alert} />
      {dialog === 'acknowledge' && <AcknowledgeModal ids={[alert.id]} onClose={() => setDialog(null)} />}
      {dialog === 'shelve' && <ShelveModal ids={[alert.id]} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
