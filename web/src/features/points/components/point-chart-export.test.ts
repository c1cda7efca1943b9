import { describe, expect, it } from 'vitest';
import { csvChoiceFor } from '../../../lib/download';
import { chartExportPath } from './point-chart-export';

const range = { from: Date.parse('2026-11-17T10:00:00.400Z'), to: Date.parse('2026-11-24T10:00:00.600Z') };

describe('point chart export', () => {
  it("asks the server for the chart's port and range, the CSV as the interface language's spreadsheets expect it", () => {
    expect(chartExportPath('p 1', 'ai1', range, 'csv', csvChoiceFor('es'))).toBe(
      '/points/p%201/series/export?port=ai1&from=1794909600&to=1795514401&format=csv&separator=%3B&decimal=%2C',
    );
    expect(chartExportPath('p', 'ai1', range, 'csv', csvChoiceFor('en'))).toBe(
      '/points/p/series/export?port=ai1&from=1794909600&to=1795514401&format=csv&separator=%2C&decimal=.',
    );
  });

  it('sends no CSV choices for XLSX, and no port when the chart has none yet', () => {
    expect(chartExportPath('p', null, range, 'xlsx', csvChoiceFor('es'))).toBe(
      '/points/p/series/export?from=1794909600&to=1795514401&format=xlsx',
    );
  });
});
