import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LevelRow } from '@aforo/contracts/reports';
import { cellColour, shownClass } from '../day-classes';
import { useReportFormat } from '../use-report-format';
import { DayCellSwatch } from './DayCellSwatch';

/** A point's days of the level summary: each day's minimum, maximum and mean, and its class's colour. */
export function LevelDaysTable({ row }: { row: LevelRow }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <Table.ScrollContainer minWidth={420} maxHeight={420}>
      <Table
        striped
        highlightOnHover
        stickyHeader
        withTableBorder
        verticalSpacing={4}
        aria-label={t('reports.level.daysOf', { point: row.name })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.fields.day')}</Table.Th>
            <Table.Th ta="right">{t('reports.fields.min')}</Table.Th>
            <Table.Th ta="right">{t('reports.fields.max')}</Table.Th>
            <Table.Th ta="right">{t('reports.fields.mean')}</Table.Th>
            <Table.Th ta="right">{t('reports.fields.measures')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.days.map((d) => {
            const shown = shownClass(d.class);
            return (
              <Table.Tr key={d.day}>
                <Table.Td>
                  <span
                    title={t(`reports.classes.${shown}`)}
                    style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
                  >
                    <DayCellSwatch
                      colour={cellColour(shown)}
                      outlined={shown === 'none'}
                      width={10}
                      height={10}
                    />
                    {f.dayWithWeekday(d.day)}
                  </span>
                </Table.Td>
                <Table.Td ta="right">{f.measure(d.min, row.unit)}</Table.Td>
                <Table.Td ta="right">{f.measure(d.max, row.unit)}</Table.Td>
                <Table.Td ta="right">{f.measure(d.mean, row.unit)}</Table.Td>
                <Table.Td ta="right">{d.class ? f.number(d.count) : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
