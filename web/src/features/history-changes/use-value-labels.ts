import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '@aforo/contracts/log-entries';
import { useCurrentUserQuery } from '../../lib/current-user';
import { useFormat } from '../../lib/format';
import { useRoleLabel } from '../../lib/roles';
import { useTimeFormat } from '../../lib/time';
import type { ValueLabels } from './change-values';
import { fieldLabel } from './field-labels';
import { valueCodeKey } from './value-codes';

export interface EntryLabels {
  /** How the values of one entry read: its ids by the names the server read for it. */
  values(entry: Pick<LogEntry, 'entityType' | 'names'>): ValueLabels;
  /** The label of a field of an item of `entityType`. */
  field(entityType: string, field: string): string;
}

/**
 * Translated names for the values of the history: ids by name, roles, codes, yes/no, numbers and
 * dates in the interface language.
 */
export function useValueLabels(): EntryLabels {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const time = useTimeFormat();
  const format = useFormat();
  const roleLabel = useRoleLabel();
  const exists = useCallback((key: string) => i18n.exists(key), [i18n]);
  return useMemo(() => {
    const companies = new Map((user?.companies ?? []).map((company) => [company.id, company.businessName]));
    return {
      values: ({ entityType, names }) => ({
        role: roleLabel,
        company: (id) => companies.get(id) ?? null,
        name: (id) => names[id] ?? null,
        global: t('history.globalProfile'),
        yes: t('common.yes'),
        no: t('common.no'),
        dateTime: time.dateTime,
        number: (value) => format.number(value),
        fieldValue: (field, value) => {
          const key = valueCodeKey(entityType, field, value);
          return key && exists(key) ? t(key) : null;
        },
        // a point's port parameters by the labels of the point form's port fields
        fieldKey: (field, key) =>
          field === 'parameters' && exists(`points.port.fields.${key}`)
            ? t(`points.port.fields.${key}`)
            : null,
      }),
      field: (entityType, field) => fieldLabel(entityType, field, exists, (key) => t(key)),
    };
    // format and time change with the language, t with it too
  }, [t, user, time, format, roleLabel, exists]);
}
