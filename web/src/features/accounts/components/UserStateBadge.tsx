import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserState } from '@aforo/contracts/users';
import { userStateKey } from '../user-states';

const colours: Record<UserState, string> = {
  Active: 'teal',
  Created: 'blue',
  'Change Password': 'yellow',
  Disabled: 'gray',
  Suspended: 'red',
  Inactive: 'gray',
};

export function UserStateBadge({ state, deleted = false }: { state: UserState; deleted?: boolean }) {
  const { t } = useTranslation();
  if (deleted) {
    return (
      <Badge variant="outline" color="red">
        {t('accounts.users.states.deleted')}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={colours[state]}>
      {t(`accounts.users.states.${userStateKey(state)}`)}
    </Badge>
  );
}
