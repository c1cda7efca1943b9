import { Drawer, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@aforo/contracts/api-tokens';
import { useLayerOptionsQuery } from '../../layers';
import { usageColour, usagePercent } from '../token-form';
import { useTokenFormat } from '../use-token-format';
import { TokenStateBadge } from './TokenStateBadge';
import { UsageByDay } from './UsageByDay';
import { UsageByEndpoint } from './UsageByEndpoint';

export interface TokenUsageDrawerProps {
  /** The token as the list last read it: the drawer follows the list's 30-second refresh. */
  token: ApiToken | null;
  onClose: () => void;
}

/** A token's month: calls against the limit, when the count starts again, by day and by endpoint. */
export function TokenUsageDrawer({ token, onClose }: TokenUsageDrawerProps) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  const layers = useLayerOptionsQuery();
  const usage = token?.usage;
  const percent = usage ? usagePercent(usage.count, usage.limit) : null;
  const layerNames = (token?.layerIds ?? []).map(
    (id) => layers.data?.rows.find((layer) => layer.id === id)?.name ?? id,
  );
  return (
    <Drawer
      opened={token !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={token ? t('apiTokens.detail.title', { alias: token.alias }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {token && usage && (
        <Stack gap="md">
          <Group gap="xs">
            <TokenStateBadge state={token.state} />
            <Text size="sm" c="dimmed" ff="monospace">
              {token.prefix}…
            </Text>
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('apiTokens.detail.month', { month: f.month(usage.month) })}
            </Text>
            <Group justify="space-between">
              <Text size="xl" fw={700} data-testid="usage-count">
                {usage.limit === null
                  ? f.count(usage.count)
                  : t('apiTokens.usageOf', { count: f.count(usage.count), limit: f.count(usage.limit) })}
              </Text>
              {usage.remaining !== null && (
                <Text size="sm" c="dimmed">
                  {t('apiTokens.detail.remaining', { remaining: f.count(usage.remaining) })}
                </Text>
              )}
            </Group>
            {percent !== null && <Progress value={percent} color={usageColour(percent)} aria-hidden />}
            <Text size="xs" c="dimmed">
              {usage.limit === null
                ? t('apiTokens.noPlan')
                : token.monthlyLimit !== null
                  ? t('apiTokens.detail.limitOwn')
                  : t('apiTokens.detail.limitPlan')}
              {' · '}
              {t('apiTokens.detail.resets', { date: f.day(usage.resetsAt.slice(0, 10)) })}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('apiTokens.detail.layers')}
            </Text>
            <Text size="sm">
              {layerNames.length > 0 ? layerNames.join(', ') : t('apiTokens.detail.allPoints')}
            </Text>
          </Stack>
          <Title order={3} size="h5">
            {t('apiTokens.detail.byDay')}
          </Title>
          <UsageByDay byDay={usage.byDay} />
          {usage.byEndpoint.length > 0 && (
            <>
              <Title order={3} size="h5">
                {t('apiTokens.detail.byEndpoint')}
              </Title>
              <UsageByEndpoint byEndpoint={usage.byEndpoint} />
            </>
          )}
          <Text size="xs" c="dimmed">
            {t('apiTokens.detail.created', { date: f.dateTime(token.createdAt) })}
            {token.revokedAt &&
              ` · ${t('apiTokens.detail.revokedOn', { date: f.dateTime(token.revokedAt) })}`}
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
