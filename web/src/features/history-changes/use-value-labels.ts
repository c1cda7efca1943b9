import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '@aforo/contracts/constants';
import { userStates } from '@aforo/contracts/users';
import type { UserState } from '@aforo/contracts/users';
import { useCurrentUserQuery } from '../../lib/current-user';
import { useRoleLabel } from '../../lib/roles';
import { useTimeFormat } from '../../lib/time';
import { userStateKey } from '../accounts';
import type { ValueLabels } from './change-values';

/** Translated names for the values of the history: roles, the caller's companies, yes/no, dates. */
export function useValueLabels(): ValueLabels {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const time = useTimeFormat();
  const roleLabel = useRoleLabel();
  return useMemo(() => {
    const companies = new Map((user?.companies ?? []).map((company) => [company.id, company.businessName]));
    return {
      role: roleLabel,
      company: (id) => companies.get(id) ?? null,
      global: t('history.globalProfile'),
      yes: t('common.yes'),
      no: t('common.no'),
      dateTime: time.dateTime,
      fieldValue: (field, value) => {
        if (field === 'state' && (userStates as readonly string[]).includes(value)) {
          return t(`accounts.users.states.${userStateKey(value as UserState)}`);
        }
        if (field === 'language' && (languages as readonly string[]).includes(value)) {
          return t(`common.languages.${value}`);
        }
        return null;
      },
    };
  }, [t, user, time, roleLabel]);
}
