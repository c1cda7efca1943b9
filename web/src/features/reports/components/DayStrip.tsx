import { Box, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportDay } from '@aforo/contracts/reports';
import { cellColour, shownClass } from '../day-classes';
import { useReportFormat } from '../use-report-format';

export interface DayStripProps {
  days: ReportDay[];
  pointName: string;
  unit: string;
  onOpen: (day: ReportDay) => void;
}

export const cellWidth = 10;
export const cellGap = 2;

/**
 * A point's month as a strip of days, one coloured cell per day (web/src/features/reports/day-classes.ts).
 * A day with a class opens its detail; an empty outline is a day not finished yet or before the point
 * existed.
 */
export function DayStrip({ days, pointName, unit, onOpen }: DayStripProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <Tooltip.Group openDelay={150} closeDelay={50}>
      <Group
        gap={cellGap}
        wrap="nowrap"
        role="group"
        aria-label={t('reports.strip.label', { point: pointName })}
      >
        {days.map((d) => {
          const shown = shownClass(d.class);
          const what = [
            t(`reports.classes.${shown}`),
            d.exclusion ? t(`reports.exclusions.${d.exclusion}`) : null,
          ]
            .filter(Boolean)
            .join(' — ');
          const label = t('reports.strip.cell', { point: pointName, day: f.day(d.day), what });
          const figures =
            d.class && d.count > 0
              ? t('reports.strip.figures', {
                  count: d.count,
                  min: f.measure(d.min, unit),
                  max: f.measure(d.max, unit),
                })
              : '';
          const tip = `${f.dayWithWeekday(d.day)}: ${what}${figures ? ` · ${figures}` : ''}`;
          const style = {
            width: cellWidth,
            height: 18,
            flex: 'none',
            borderRadius: 2,
            backgroundColor: cellColour(shown),
            border: `1px solid ${shown === 'none' ? 'var(--mantine-color-gray-4)' : 'transparent'}`,
          } as const;
          return (
            <Tooltip key={d.day} label={tip} withinPortal>
              {d.class === null ? (
                <Box role="img" aria-label={label} style={style} data-class={shown} />
              ) : (
                <UnstyledButton
                  aria-label={label}
                  style={style}
                  data-class={shown}
                  onClick={() => onOpen(d)}
                />
              )}
            </Tooltip>
          );
        })}
      </Group>
    </Tooltip.Group>
  );
}
