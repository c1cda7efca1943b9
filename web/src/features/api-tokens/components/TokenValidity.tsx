import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiTokenExpiryWarningDays } from '@aforo/contracts/api-tokens';
import type { ApiToken } from '@aforo/contracts/api-tokens';
import { useTokenFormat } from '../use-token-format';

/** The last valid day (DD/MM/YYYY) or "No expiry", with a warning when it ends within a week. */
export function TokenValidity({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" c={token.validUntil ? undefined : 'dimmed'}>
        {token.validUntil ? f.day(token.validUntil) : t('apiTokens.noExpiry')}
      </Text>
      {token.expiresSoon && token.state === 'active' && (
        <Tooltip label={t('apiTokens.expiresSoonHint', { days: apiTokenExpiryWarningDays })} withArrow>
          <Badge color="orange" variant="light" radius="sm" size="sm" leftSection="⚠">
            {t('apiTokens.expiresSoon')}
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}
