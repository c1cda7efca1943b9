import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { flagColour, flagKey } from '../flags';

/** A measure's quality flag: 1 valid, 3 suspect, 4 fail, 9 missing. */
export function FlagBadge({ flag }: { flag: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={flagColour(flag)} radius="sm" title={String(flag)}>
      {t(flagKey(flag), { flag })}
    </Badge>
  );
}
