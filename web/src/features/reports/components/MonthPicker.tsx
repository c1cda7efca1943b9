import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { pickerLocales } from '../../../ui/DateTimeInput';
import { shiftMonth } from '../report-period';
import { PeriodStepper } from './PeriodStepper';

export interface MonthPickerProps {
  /** "2026-10". */
  value: string;
  onChange: (month: string) => void;
}

/** The report's month: a month picker in the interface language, with previous and next. */
export function MonthPicker({ value, onChange }: MonthPickerProps) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <PeriodStepper
      previousLabel={t('reports.monthly.previous')}
      nextLabel={t('reports.monthly.next')}
      onStep={(step) => onChange(shiftMonth(value, step))}
    >
      <DatesProvider settings={{ locale: pickerLocales[language] }}>
        <MonthPickerInput
          label={t('reports.monthly.month')}
          value={`${value}-01`}
          onChange={(next) => next && onChange(next.slice(0, 7))}
          valueFormat="MMMM YYYY"
          w={200}
          ariaLabels={{
            nextYear: t('common.dateTime.nextYear'),
            previousYear: t('common.dateTime.previousYear'),
            nextDecade: t('common.dateTime.nextDecade'),
            previousDecade: t('common.dateTime.previousDecade'),
            yearLevelControl: t('common.dateTime.yearLevel'),
          }}
        />
      </DatesProvider>
    </PeriodStepper>
  );
}
