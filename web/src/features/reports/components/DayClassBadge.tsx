import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DayClass } from '@aforo/contracts/daily-summaries';
import { classColours } from '../day-classes';

/** A day's class as a coloured badge ("Correcto", "Sin transmisión"…); an empty day reads "Sin datos". */
export function DayClassBadge({ dayClass }: { dayClass: DayClass | null }) {
  const { t } = useTranslation();
  return (
    <Badge color={dayClass ? classColours[dayClass] : 'gray'} variant={dayClass ? 'filled' : 'outline'}>
      {t(`reports.classes.${dayClass ?? 'none'}`)}
    </Badge>
  );
}
