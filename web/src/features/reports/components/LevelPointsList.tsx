import { Accordion, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LevelRow } from '@aforo/contracts/reports';
import type { ListUrlControls } from '../../../lib/url-state';
import { pageOf } from '../report-rows';
import { useReportFormat } from '../use-report-format';
import { LevelDaysTable } from './LevelDaysTable';
import { PointCell } from './PointCell';

export interface LevelPointsListProps {
  rows: LevelRow[];
  withCompany: boolean;
  list: Pick<ListUrlControls<string, string>, 'page' | 'length' | 'search' | 'setPage'>;
  emptyText: string;
}

/**
 * The level summary per point: the range's lowest minimum, highest maximum and mean of the daily
 * means; opened, the point's table of days (drawn only while open: a long range has many rows).
 */
export function LevelPointsList({ rows, withCompany, list, emptyText }: LevelPointsListProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const shown = pageOf(rows, list);
  const [open, setOpen] = useState<string[]>(() => (rows[0] ? [rows[0].pointId] : []));
  if (shown.total === 0) return <Text c="dimmed">{emptyText}</Text>;
  const pages = Math.ceil(shown.total / list.length);
  return (
    <Stack gap="sm">
      <Accordion multiple variant="separated" value={open} onChange={setOpen}>
        {shown.rows.map((row) => (
          <Accordion.Item key={row.pointId} value={row.pointId}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Stack gap={0}>
                  <PointCell point={row} />
                  {withCompany && (
                    <Text size="xs" c="dimmed">
                      {row.companyName}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" ta="right">
                  {t('reports.level.rangeFigures', {
                    min: f.measure(row.min, row.unit),
                    max: f.measure(row.max, row.unit),
                    mean: f.measure(row.mean, row.unit),
                  })}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{open.includes(row.pointId) && <LevelDaysTable row={row} />}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.table.range', {
              from: (list.page - 1) * list.length + 1,
              to: Math.min(list.page * list.length, shown.total),
              total: shown.total,
            })}
          </Text>
          <Pagination
            total={pages}
            value={list.page}
            onChange={list.setPage}
            size="sm"
            getControlProps={(control) =>
              control === 'previous' || control === 'next'
                ? { 'aria-label': t(control === 'previous' ? 'common.table.previous' : 'common.table.next') }
                : {}
            }
          />
        </Group>
      )}
    </Stack>
  );
}
