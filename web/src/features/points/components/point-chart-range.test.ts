import { describe, expect, it } from 'vitest';
import { presetRange } from './point-chart-data';
import { readChartUrl, writeChartUrl } from './point-chart-range';

const now = Date.parse('2026-11-24T10:00:30Z');

describe('point chart range in the URL', () => {
  it('defaults to the last 7 days and the server-chosen port', () => {
    expect(readChartUrl(new URLSearchParams(''), now)).toEqual({
      range: '7d',
      view: presetRange('7d', now),
      port: null,
    });
  });

  it('reads a preset and a port', () => {
    const state = readChartUrl(new URLSearchParams('range=1y&port=ai2'), now);
    expect(state).toEqual({ range: '1y', view: presetRange('1y', now), port: 'ai2' });
  });

  it('reads a custom range, and falls back to 7 days when it is malformed or empty', () => {
    const ok = readChartUrl(
      new URLSearchParams('range=custom&from=2026-01-01T00:00:00.000Z&to=2026-02-01T00:00:00.000Z'),
      now,
    );
    expect(ok.view).toEqual({
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: Date.parse('2026-02-01T00:00:00Z'),
    });
    for (const bad of [
      'range=custom&from=x&to=2026-02-01',
      'range=custom&from=2026-02-01&to=2026-01-01',
      'range=2w',
    ])
      expect(readChartUrl(new URLSearchParams(bad), now).range, bad).toBe('7d');
  });

  it('writes the range, keeps the page’s other params, and drops from/to for a preset', () => {
    const custom = writeChartUrl(new URLSearchParams('tab=x'), {
      range: 'custom',
      view: { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-02T00:00:00Z') },
      port: 'ai1',
    });
    expect(custom.toString()).toBe(
      'tab=x&range=custom&from=2026-01-01T00%3A00%3A00.000Z&to=2026-01-02T00%3A00%3A00.000Z&port=ai1',
    );
    expect(writeChartUrl(custom, { range: '30d' }).toString()).toBe('tab=x&range=30d&port=ai1');
    expect(readChartUrl(custom, now).view.to).toBe(Date.parse('2026-01-02T00:00:00Z'));
  });
});
