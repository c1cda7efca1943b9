import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiTokenState } from '@aforo/contracts/api-tokens';

const colours: Record<ApiTokenState, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

export function TokenStateBadge({ state }: { state: ApiTokenState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colours[state]} radius="sm">
      {t(`apiTokens.states.${state}`)}
    </Badge>
  );
}
