import { describe, expect, it } from 'vitest';
import type { PointSeries, PointSeriesRow } from '@aforo/contracts/point-series';
import { chartData, chartLines, mergeSeries, presetRange, yExtent, zoomWindow } from './point-chart-data';
import { buildChartOption, timeLabel, tooltipHtml, type ChartTexts } from './point-chart-option';

const t0 = Date.parse('2026-03-01T00:00:00Z');
const min = 60_000;
const row = (
  offsetMin: number,
  value: number | null,
  extra: Partial<PointSeriesRow> = {},
): PointSeriesRow => ({
  ts: new Date(t0 + offsetMin * min).toISOString(),
  value,
  min: value,
  max: value,
  count: value === null ? 0 : 1,
  flag: value === null ? null : 1,
  ...extra,
});

const series = (points: PointSeriesRow[], overrides: Partial<PointSeries> = {}): PointSeries => ({
  pointId: '66666666-6666-4666-8666-666666666666',
  port: 'ai1',
  ports: [{ key: 'ai1', label: null, type: null }],
  unit: 'm',
  from: new Date(t0).toISOString(),
  to: new Date(t0 + 1000 * min).toISOString(),
  bucketSeconds: 60,
  raw: true,
  measureTime: 60,
  points,
  thresholds: {
    warningValue: 3,
    alertValue: 4,
    warningUpper: null,
    warningLower: null,
    alertUpper: 4.5,
    alertLower: null,
  },
  groundLevel: 5,
  invertLevel: null,
  ...overrides,
});

const texts: ChartTexts = {
  value: 'Valor',
  band: 'Mín.–máx.',
  suspect: 'Sospechosa',
  failed: 'Errónea',
  min: 'Mín.',
  max: 'Máx.',
  measures: (n) => `${n} medidas`,
  flag: (f) => `Calidad: ${f === 3 ? 'Sospechosa' : String(f)}`,
  line: (kind) => kind,
};

describe('chartData', () => {
  it('keeps gap rows as nulls so the line breaks there', () => {
    const data = chartData([row(0, 1), row(1, 2), row(2, null), row(10, 3)]);
    expect(data.value).toEqual([
      [t0, 1],
      [t0 + min, 2],
      [t0 + 2 * min, null],
      [t0 + 10 * min, 3],
    ]);
    // raw rows (one measure each) get no band
    expect(data.bandLow).toEqual([]);
    expect(data.bandSpread).toEqual([]);
  });

  it('builds the min/max band as a low edge plus a spread, null in gaps', () => {
    const data = chartData([
      row(0, 2, { min: 1, max: 4, count: 5 }),
      row(5, null),
      row(10, 3, { min: 2.5, max: 3.5, count: 5 }),
    ]);
    expect(data.bandLow).toEqual([
      [t0, 1],
      [t0 + 5 * min, null],
      [t0 + 10 * min, 2.5],
    ]);
    expect(data.bandSpread).toEqual([
      [t0, 3],
      [t0 + 5 * min, null],
      [t0 + 10 * min, 1],
    ]);
  });

  it('marks suspect and failed rows', () => {
    const data = chartData([row(0, 1, { flag: 3 }), row(1, 2, { flag: 4 }), row(2, 3), row(3, null)]);
    expect(data.suspect).toEqual([[t0, 1]]);
    expect(data.failed).toEqual([[t0 + min, 2]]);
  });
});

describe('mergeSeries', () => {
  it('puts the zoomed window’s finer rows in place of the coarse ones, with gaps at the joins', () => {
    const base = series([row(0, 1), row(60, 2), row(120, 3), row(180, 4)], { raw: false });
    const detail = series([row(61, 20), row(62, 21)], {
      from: new Date(t0 + 60 * min).toISOString(),
      to: new Date(t0 + 120 * min).toISOString(),
    });
    const merged = mergeSeries(base, detail);
    expect(merged.map((r) => [(Date.parse(r.ts) - t0) / min, r.value])).toEqual([
      [0, 1],
      [60 - 1 / min, null],
      [61, 20],
      [62, 21],
      [120, null],
      [120, 3],
      [180, 4],
    ]);
  });

  it('ignores a detail of another port and works without one', () => {
    const base = series([row(0, 1)]);
    expect(mergeSeries(base, series([row(0, 9)], { port: 'ai2' }))).toBe(base.points);
    expect(mergeSeries(base, undefined)).toBe(base.points);
    expect(mergeSeries(undefined, undefined)).toEqual([]);
  });
});

describe('lines and extent', () => {
  it('lists the set thresholds and the ground level with their colours', () => {
    const lines = chartLines(series([]));
    expect(lines.map((l) => [l.kind, l.value, l.colour, l.dashed])).toEqual([
      ['alertValue', 4, '#FF0000', false],
      ['warningValue', 3, '#FFFF00', false],
      ['alertUpper', 4.5, '#FF0000', true],
      ['groundLevel', 5, '#8B5A2B', true],
    ]);
  });

  it('covers data and lines, padded', () => {
    const extent = yExtent([row(0, 1, { min: 0.5, max: 1.5 })], chartLines(series([])));
    expect(extent!.min).toBeLessThan(0.5);
    expect(extent!.max).toBeGreaterThan(5);
    expect(yExtent([], [])).toBeUndefined();
    // round ticks: data 0.15 to a ground level of 5 (span 4.85 padded, about 6 ticks) → -1 to 6 by 1
    expect(yExtent([row(0, 0.15)], chartLines(series([])))).toEqual({ min: -1, max: 6, interval: 1 });
    expect(yExtent([row(0, 0.1), row(1, 0.3)], [])).toEqual({ min: 0.05, max: 0.35, interval: 0.05 });
  });
});

describe('ranges and zoom', () => {
  it('ends presets on the next whole minute', () => {
    const now = Date.parse('2026-03-01T10:00:30Z');
    expect(presetRange('24h', now)).toEqual({
      from: Date.parse('2026-02-28T10:01:00Z'),
      to: Date.parse('2026-03-01T10:01:00Z'),
    });
  });

  it('asks for a window only when it is clearly narrower than the view', () => {
    const view = { from: t0, to: t0 + 1000 * min };
    expect(zoomWindow(view, t0, t0 + 950 * min)).toBeNull();
    expect(zoomWindow(view, t0 + 100 * min + 300, t0 + 200 * min)).toEqual({
      from: t0 + 100 * min,
      to: t0 + 200 * min,
    });
  });
});

describe('chart option', () => {
  it('draws gaps as gaps, thresholds as mark lines and the band only when downsampled', () => {
    const view = { from: t0, to: t0 + 1000 * min };
    const raw = buildChartOption({
      rows: [row(0, 1), row(1, null), row(5, 2)],
      unit: 'm',
      lines: chartLines(series([])),
      view,
      window: null,
      texts,
      format: { locale: 'es-ES', timeZone: 'Europe/Madrid' },
    });
    const rawSeries = raw.series as { id: string; connectNulls?: boolean; markLine?: { data: unknown[] } }[];
    expect(rawSeries.map((s) => s.id)).toEqual(['value', 'suspect', 'failed']);
    expect(rawSeries[0]!.connectNulls).toBe(false);
    expect(rawSeries[0]!.markLine!.data).toHaveLength(4);
    const bucketed = buildChartOption({
      rows: [row(0, 1, { min: 0, max: 2, count: 10 })],
      unit: 'm',
      lines: [],
      view,
      window: null,
      texts,
      format: { locale: 'es-ES', timeZone: 'Europe/Madrid' },
    });
    expect((bucketed.series as { id: string }[]).map((s) => s.id)).toEqual([
      'band-low',
      'band',
      'value',
      'suspect',
      'failed',
    ]);
  });

  it('formats the tooltip with value, bucket details and flag', () => {
    const html = tooltipHtml(row(0, 2.5, { min: 2, max: 3, count: 10, flag: 3 }), 'm', texts, {
      locale: 'es-ES',
      timeZone: 'Europe/Madrid',
    });
    expect(html).toContain('Valor: <b>2,5 m</b>');
    expect(html).toContain('Mín. 2 · Máx. 3 m');
    expect(html).toContain('10 medidas');
    expect(html).toContain('Calidad: Sospechosa');
  });

  it("labels the time axis by the visible span, on the company's clock", () => {
    const madrid = { locale: 'es-ES', timeZone: 'Europe/Madrid' };
    const noon = Date.parse('2026-03-05T11:30:00Z');
    expect(timeLabel(noon, 86_400_000, madrid)).toBe('12:30');
    expect(timeLabel(noon, 30 * 86_400_000, madrid)).toBe('5 mar');
    expect(timeLabel(Date.parse('2025-12-31T23:00:00Z'), 365 * 86_400_000, madrid)).toBe('2026');
    // the same instants in New York: a morning, and still the last day of 2025
    const newYork = { locale: 'es-ES', timeZone: 'America/New_York' };
    expect(timeLabel(noon, 86_400_000, newYork)).toBe('06:30');
    expect(timeLabel(Date.parse('2025-12-31T23:00:00Z'), 365 * 86_400_000, newYork)).toBe('31 dic');
  });

  it("dates the tooltip in the company's zone", () => {
    const at = (timeZone: string) =>
      tooltipHtml({ ...row(0, 1), ts: '2026-03-05T11:30:00.000Z' }, 'm', texts, {
        locale: 'en-GB',
        timeZone,
      });
    expect(at('Europe/Madrid')).toContain('<b>5 Mar 2026, 12:30:00</b>');
    expect(at('America/New_York')).toContain('<b>5 Mar 2026, 06:30:00</b>');
  });
});
