import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuarterlyRow } from '@aforo/contracts/reports';
import type { DataTableColumn } from '../../ui/DataTable';
import { ColumnTitle } from './components/ColumnTitle';
import { FigureLines } from './components/FigureLines';
import { PointCell } from './components/PointCell';
import { useReportFormat } from './use-report-format';

/**
 * The quarterly table (docs/REPORTS.md "Quarterly summary"): per point each month's operation %, the
 * quarter's, the average of the months', then the averages of the daily level figures and totals.
 */
export function useQuarterlyColumns({ months, withCompany }: { months: string[]; withCompany: boolean }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const right = { textAlign: 'right' as const, noWrap: true };
  const columns: DataTableColumn<QuarterlyRow>[] = [
    {
      accessor: 'name',
      title: t('reports.fields.point'),
      width: 190,
      render: (row) => <PointCell point={row} />,
    },
    ...(withCompany
      ? [
          {
            accessor: 'companyName',
            title: t('reports.fields.company'),
            width: 130,
            render: (row: QuarterlyRow) => <Text size="xs">{row.companyName}</Text>,
          },
        ]
      : []),
    ...months.map((month, i): DataTableColumn<QuarterlyRow> => ({
      accessor: `month-${month}`,
      title: t('reports.quarterly.monthPercent', { month: f.shortMonth(month) }),
      ...right,
      render: (row) => f.percent(row.months[i]?.counts.percent ?? null),
    })),
    {
      accessor: 'percent',
      title: <ColumnTitle>{t('reports.quarterly.quarterPercent')}</ColumnTitle>,
      width: 100,
      ...right,
      render: (row) => (
        <Text size="sm" fw={600}>
          {f.percent(row.counts.percent)}
        </Text>
      ),
    },
    {
      accessor: 'averageMonthlyPercent',
      title: <ColumnTitle>{t('reports.quarterly.averageMonthlyPercent')}</ColumnTitle>,
      width: 100,
      ...right,
      render: (row) => f.percent(row.averageMonthlyPercent),
    },
    {
      accessor: 'averages',
      title: <ColumnTitle>{t('reports.quarterly.averages')}</ColumnTitle>,
      width: 170,
      ...right,
      // a main series is a level or a pulse one: its daily level figures, or its totals
      render: (row) => (
        <FigureLines
          lines={
            row.totalKind
              ? [
                  {
                    label: t('reports.quarterly.daily'),
                    value: f.total(row.averageDailyTotal, row.totalKind),
                  },
                  {
                    label: t('reports.quarterly.monthly'),
                    value: f.total(row.averageMonthlyTotal, row.totalKind),
                  },
                ]
              : [
                  { label: t('reports.level.min'), value: f.measure(row.averageDailyMin, row.unit) },
                  { label: t('reports.level.max'), value: f.measure(row.averageDailyMax, row.unit) },
                  { label: t('reports.level.mean'), value: f.measure(row.averageDailyMean, row.unit) },
                ]
          }
        />
      ),
    },
  ];
  return columns;
}
