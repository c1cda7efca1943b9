import { Card, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AlertDetail, AlertTimelineEntry } from '@aforo/contracts/alerts';
import { formatValue } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';

const bullets: Record<AlertTimelineEntry['kind'], string> = {
  opened: 'red',
  repeated: 'orange',
  acknowledged: 'blue',
  shelved: 'gray',
  unshelved: 'gray',
  cleared: 'green',
};

/**
 * What happened to the alert, oldest first (docs/ALERTS.md "Alert detail"): opened with its value,
 * repeats, acknowledged by whom with the comment, shelved until when by whom and why, cleared by which
 * value. Values in the user's language and the point's unit; times on the company's clock.
 */
export function AlertTimeline({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const measured = (value: number | null) => (value === null ? null : `${formatValue(value)} ${alert.unit}`);
  const who = (e: AlertTimelineEntry) => e.by?.name || t('alerts.detail.timeline.system');

  const title = (e: AlertTimelineEntry) => {
    const value = measured(e.value);
    switch (e.kind) {
      case 'opened':
        return value
          ? t('alerts.detail.timeline.opened', { value })
          : t('alerts.detail.timeline.openedNoValue');
      case 'repeated':
        return t('alerts.detail.timeline.repeated', { count: e.count ?? 0, value: value ?? '—' });
      case 'acknowledged':
        return t('alerts.detail.timeline.acknowledged', { name: who(e) });
      case 'shelved':
        return t('alerts.detail.timeline.shelved', { name: who(e), until: time.dateTime(e.until) });
      case 'unshelved':
        return t('alerts.detail.timeline.unshelved', { name: who(e) });
      case 'cleared':
        return value
          ? t('alerts.detail.timeline.cleared', { value })
          : t('alerts.detail.timeline.clearedNoValue');
    }
  };

  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('alerts.detail.timeline.title')}
        </Title>
        <Timeline
          bulletSize={14}
          lineWidth={2}
          active={alert.timeline.length - 1}
          aria-label={t('alerts.detail.timeline.title')}
        >
          {alert.timeline.map((e, i) => (
            <Timeline.Item
              key={`${e.kind}-${i}`}
              color={bullets[e.kind]}
              title={title(e)}
              data-testid={`timeline-${e.kind}`}
            >
              <Text size="xs" c="dimmed">
                {time.dateTime(e.at)}
              </Text>
              {e.text && (
                <Text size="sm" fs={e.kind === 'acknowledged' ? 'italic' : undefined}>
                  {e.kind === 'acknowledged'
                    ? `“${e.text}”`
                    : t('alerts.detail.timeline.reason', { reason: e.text })}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
        {(alert.late || alert.muted) && (
          <Text size="xs" c="dimmed">
            {t(alert.late ? 'alerts.detail.timeline.late' : 'alerts.detail.timeline.muted')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
