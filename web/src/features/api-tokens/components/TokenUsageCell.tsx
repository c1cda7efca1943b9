import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiTokenUsage } from '@aforo/contracts/api-tokens';
import { usageColour, usagePercent } from '../token-form';
import { useTokenFormat } from '../use-token-format';

/** "1234 / 10.000" and a bar of the month's share; no plan → the count and why no call passes. */
export function TokenUsageCell({ usage }: { usage: ApiTokenUsage }) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  const percent = usagePercent(usage.count, usage.limit);
  return (
    <Stack gap={4} miw={130}>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="token-usage">
        {usage.limit === null
          ? f.count(usage.count)
          : t('apiTokens.usageOf', { count: f.count(usage.count), limit: f.count(usage.limit) })}
      </Text>
      {percent === null ? (
        <Text size="xs" c="dimmed">
          {t('apiTokens.noPlan')}
        </Text>
      ) : (
        <Progress value={percent} color={usageColour(percent)} size="sm" aria-hidden />
      )}
    </Stack>
  );
}
