/**
 * The ECharts option of the point chart, built from shaped data (point-chart-data.ts). Types only
 * from echarts here: the library itself loads with the chart canvas.
 */
import type { LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import { wallClock } from '../../../lib/time';
import type { TimeFormat } from '../../../lib/time';
import { chartData, yExtent, type ChartLine, type ChartLineKind, type TimeRange } from './point-chart-data';

export type PointChartOption = ComposeOption<
  | LineSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
  | MarkAreaComponentOption
  | LegendComponentOption
>;

/** An alert of the point drawn as a band from when it opened to when it cleared (or now). */
export interface ChartAlertArea {
  from: number;
  to: number;
  /** The level's row background (docs/ALERTS.md colour, faint). */
  colour: string;
  label: string;
}

export interface ChartTexts {
  value: string;
  band: string;
  suspect: string;
  failed: string;
  min: string;
  max: string;
  measures: (count: number) => string;
  flag: (flag: number) => string;
  line: (kind: ChartLineKind) => string;
}

/** Interface language (Intl dates and numbers) and the company's zone (dates). */
export type ChartFormat = TimeFormat;

const lineColour = '#1c7ed6';
const bandColour = 'rgba(28, 126, 214, 0.18)';
const suspectColour = '#f08c00';
const failedColour = '#e03131';

/**
 * Axis labels by the visible span: hours (dates at midnight), days, or months (years in January), on
 * the company's clock. ECharts places the ticks on the browser's clock; only their labels are zoned.
 */
export function timeLabel(value: number, spanMs: number, { locale, timeZone }: ChartFormat): string {
  const clock = wallClock(value, timeZone);
  const midnight = clock.hour === 0 && clock.minute === 0;
  if (spanMs <= 3 * 86_400_000 && !midnight)
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(value);
  if (spanMs <= 120 * 86_400_000 || clock.day !== 1)
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }).format(value);
  if (clock.month === 1) return String(clock.year);
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone }).format(value);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface TooltipItem {
  seriesId?: string;
  dataIndex: number;
}

/** Tooltip: date and time in the company's zone, value with unit, bucket min/max and count, flag when not "pass". */
export function tooltipHtml(
  row: PointSeriesRow,
  unit: string,
  texts: ChartTexts,
  format: ChartFormat,
): string {
  const number = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 3 });
  const date = new Intl.DateTimeFormat(format.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: format.timeZone,
  });
  const u = escapeHtml(unit);
  const lines = [`<b>${escapeHtml(date.format(new Date(row.ts)))}</b>`];
  if (row.value !== null) lines.push(`${escapeHtml(texts.value)}: <b>${number.format(row.value)} ${u}</b>`);
  if (row.count > 1 && row.min !== null && row.max !== null) {
    lines.push(
      `${escapeHtml(texts.min)} ${number.format(row.min)} · ${escapeHtml(texts.max)} ${number.format(row.max)} ${u}`,
    );
    lines.push(escapeHtml(texts.measures(row.count)));
  }
  if (row.flag !== null) {
    const colour = row.flag === 4 ? failedColour : row.flag === 3 ? suspectColour : 'inherit';
    lines.push(`<span style="color:${colour}">${escapeHtml(texts.flag(row.flag))}</span>`);
  }
  return lines.join('<br/>');
}

export interface ChartOptionInput {
  rows: PointSeriesRow[];
  unit: string;
  lines: ChartLine[];
  /** The whole x range (preset) and the zoomed part, if any. */
  view: TimeRange;
  window: TimeRange | null;
  texts: ChartTexts;
  format: ChartFormat;
  alertAreas?: ChartAlertArea[];
}

/** Everything but dataZoom, which the canvas owns so a data update never resets the user's zoom. */
export function buildChartOption(input: ChartOptionInput): PointChartOption {
  const { rows, unit, lines, view, window, texts, format, alertAreas = [] } = input;
  const data = chartData(rows);
  const visible = window ?? view;
  const extent = yExtent(
    rows.filter((r) => {
      const t = Date.parse(r.ts);
      return t >= visible.from && t <= visible.to;
    }),
    lines,
  );
  const span = visible.to - visible.from;
  const number = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 3 });
  const banded = data.bandLow.length > 0;

  const markLine: MarkLineComponentOption = {
    silent: true,
    symbol: 'none',
    animation: false,
    data: lines.map((l) => ({
      yAxis: l.value,
      name: texts.line(l.kind),
      lineStyle: {
        color: l.colour,
        width: 2,
        type: l.dashed ? 'dashed' : 'solid',
        // pure yellow (docs/LIMITS.md) needs an outline to be seen on white
        shadowColor: 'rgba(0, 0, 0, 0.45)',
        shadowBlur: 1,
      },
      label: {
        formatter: `${texts.line(l.kind)}: ${number.format(l.value)}`,
        position: 'insideEndTop',
        color: '#333',
        fontSize: 11,
      },
    })),
  };

  const series: (LineSeriesOption | ScatterSeriesOption)[] = [];
  if (banded) {
    series.push(
      {
        id: 'band-low',
        name: texts.band,
        type: 'line',
        data: data.bandLow,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        connectNulls: false,
        silent: true,
        tooltip: { show: false },
      },
      {
        id: 'band',
        name: texts.band,
        type: 'line',
        data: data.bandSpread,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { color: bandColour },
        itemStyle: { color: bandColour },
        connectNulls: false,
        silent: true,
        tooltip: { show: false },
      },
    );
  }
  series.push(
    {
      id: 'value',
      name: texts.value,
      type: 'line',
      data: data.value,
      showSymbol: false,
      symbolSize: 4,
      connectNulls: false,
      lineStyle: { width: 1.5, color: lineColour },
      itemStyle: { color: lineColour },
      markLine,
      markArea: alertMarkArea(alertAreas, view),
    },
    {
      id: 'suspect',
      name: texts.suspect,
      type: 'scatter',
      data: data.suspect,
      symbolSize: 7,
      itemStyle: { color: suspectColour },
      tooltip: { show: false },
    },
    {
      id: 'failed',
      name: texts.failed,
      type: 'scatter',
      data: data.failed,
      symbol: 'diamond',
      symbolSize: 8,
      itemStyle: { color: failedColour },
      tooltip: { show: false },
    },
  );

  return {
    animation: false,
    grid: { left: 16, right: 24, top: 40, bottom: 72, containLabel: true },
    legend: {
      top: 0,
      data: [
        texts.value,
        ...(banded ? [texts.band] : []),
        ...(data.suspect.length > 0 ? [texts.suspect] : []),
        ...(data.failed.length > 0 ? [texts.failed] : []),
      ],
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as TooltipItem[];
        const item = items.find((p) => p.seriesId === 'value');
        const row = item ? rows[item.dataIndex] : undefined;
        return row && row.value !== null ? tooltipHtml(row, unit, texts, format) : '';
      },
    },
    xAxis: {
      type: 'time',
      min: view.from,
      max: view.to,
      axisLabel: { hideOverlap: true, formatter: (value: number) => timeLabel(value, span, format) },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: unit,
      nameTextStyle: { align: 'right' },
      ...(extent ? { min: extent.min, max: extent.max, interval: extent.interval } : { scale: true }),
      axisLabel: { formatter: (value: number) => number.format(value) },
    },
    series,
  };
}

/** The alerts as bands behind the line, cut to the shown range (an alert still open runs to now). */
export function alertMarkArea(areas: ChartAlertArea[], view: TimeRange): MarkAreaComponentOption {
  return {
    silent: true,
    animation: false,
    data: areas
      .filter((a) => a.to >= view.from && a.from <= view.to)
      .map((a) => [
        {
          name: a.label,
          xAxis: Math.max(a.from, view.from),
          itemStyle: { color: a.colour },
          label: { show: false },
        },
        { xAxis: Math.min(a.to, view.to) },
      ]),
  };
}
