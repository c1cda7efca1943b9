import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthlyRow, ReportDay } from '@aforo/contracts/reports';
import type { DataTableColumn } from '../../ui/DataTable';
import { ClassCounts } from './components/ClassCounts';
import { ColumnTitle } from './components/ColumnTitle';
import { DayStrip } from './components/DayStrip';
import { DayStripHeader } from './components/DayStripHeader';
import { MonthLevelCell } from './components/MonthLevelCell';
import { PointCell } from './components/PointCell';
import { useReportFormat } from './use-report-format';

export interface MonthlyColumnsOptions {
  /** The month's days, for the strip's header. */
  days: string[];
  withCompany: boolean;
  /** The zone of a row's company (its extremes' times are on that clock). */
  zoneOf: (row: MonthlyRow) => string;
  onOpenDay: (row: MonthlyRow, day: ReportDay) => void;
}

/**
 * The monthly table: point, (company), the month's strip with the days per class under it, the
 * operation %, and the level or the rain or volume total — narrow enough for a 1440 px screen.
 */
export function useMonthlyColumns({ days, withCompany, zoneOf, onOpenDay }: MonthlyColumnsOptions) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const right = { textAlign: 'right' as const, noWrap: true };
  const columns: DataTableColumn<MonthlyRow>[] = [
    {
      accessor: 'name',
      title: t('reports.fields.point'),
      width: 165,
      render: (row) => <PointCell point={row} />,
    },
    ...(withCompany
      ? [
          {
            accessor: 'companyName',
            title: t('reports.fields.company'),
            width: 100,
            render: (row: MonthlyRow) => <Text size="xs">{row.companyName}</Text>,
          },
        ]
      : []),
    {
      accessor: 'days',
      title: <DayStripHeader days={days} title={t('reports.fields.days')} />,
      render: (row) => (
        <Stack gap={6}>
          <DayStrip days={row.days} pointName={row.name} unit={row.unit} onOpen={(d) => onOpenDay(row, d)} />
          <ClassCounts counts={row.counts} />
        </Stack>
      ),
    },
    {
      accessor: 'percent',
      title: <ColumnTitle>{t('reports.fields.percent')}</ColumnTitle>,
      textAlign: 'right',
      width: 100,
      render: (row) => (
        <Text size="sm" fw={600}>
          {f.percent(row.counts.percent)}
        </Text>
      ),
    },
    {
      accessor: 'level',
      title: <ColumnTitle>{t('reports.fields.level')}</ColumnTitle>,
      ...right,
      render: (row) => <MonthLevelCell row={row} timeZone={zoneOf(row)} />,
    },
  ];
  return columns;
}
