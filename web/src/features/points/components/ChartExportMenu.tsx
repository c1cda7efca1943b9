import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import { saveFile } from '../../../lib/download';
import { useTimeFormat } from '../../../lib/time';
import { csvText, exportFileName, exportTable } from './point-chart-export';
import type { TimeRange } from './point-chart-data';

export interface ChartExportMenuProps {
  pointName: string;
  port: string | null;
  /** The rows the chart draws (zoomed detail included), and the range they cover. */
  rows: PointSeriesRow[];
  range: TimeRange;
}

/** CSV or XLSX of exactly what the chart shows, built in the browser. */
export function ChartExportMenu({ pointName, port, rows, range }: ChartExportMenuProps) {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();
  const table = () =>
    exportTable(
      rows,
      {
        time: t('points.chart.export.time', { zone: timeZone }),
        value: t('points.chart.value'),
        min: t('points.chart.min'),
        max: t('points.chart.max'),
        count: t('points.chart.export.count'),
        flag: t('points.chart.quality'),
      },
      timeZone,
    );
  const fileName = (ext: string) => exportFileName(pointName, port, range.from, range.to, ext);
  const handleCsv = () => {
    // a BOM so spreadsheet programs read the accents as UTF-8
    saveFile(new Blob(['\ufeff', csvText(table())], { type: 'text/csv;charset=utf-8' }), fileName('csv'));
  };
  const handleXlsx = async () => {
    // the writer loads on demand: nobody pays for it until they export
    const { xlsxBytes, xlsxMimeType } = await import('../../../lib/xlsx');
    const bytes = xlsxBytes(pointName, table());
    saveFile(new Blob([bytes.slice().buffer], { type: xlsxMimeType }), fileName('xlsx'));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={!rows.some((r) => r.count > 0)}>
          {t('points.chart.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={handleCsv}>CSV</Menu.Item>
        <Menu.Item onClick={() => void handleXlsx()}>XLSX</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
