import { Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayClasses } from '@aforo/contracts/daily-summaries';
import type { DayClass } from '@aforo/contracts/daily-summaries';
import type { OperationCounts } from '@aforo/contracts/reports';
import { classColours } from '../day-classes';

const countOf: Record<DayClass, Exclude<keyof OperationCounts, 'percent' | 'days'>> = {
  correct: 'correct',
  intermittent: 'intermittent',
  incorrect: 'incorrect',
  no_transmission: 'noTransmission',
  excluded: 'excluded',
};

/** A point's days per class, one coloured count each, in the legend's order (never cut: "31"). */
export function ClassCounts({ counts }: { counts: OperationCounts }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {dayClasses.map((c) => {
        const count = counts[countOf[c]];
        const colour = classColours[c];
        const label = `${t(`reports.classes.${c}`)}: ${count}`;
        return (
          <Box
            key={c}
            component="span"
            title={label}
            aria-label={label}
            fz="xs"
            fw={600}
            ta="center"
            miw={24}
            px={4}
            style={{
              borderRadius: 4,
              border: `1px solid var(--mantine-color-${colour}-${count > 0 ? 3 : 2})`,
              backgroundColor: count > 0 ? `var(--mantine-color-${colour}-0)` : 'transparent',
              color: count > 0 ? `var(--mantine-color-${colour}-9)` : 'var(--mantine-color-dimmed)',
            }}
          >
            {count}
          </Box>
        );
      })}
    </Group>
  );
}
