import { describe, expect, it } from 'vitest';
import { alertMarkArea } from './point-chart-option';

describe('alertMarkArea', () => {
  it('draws each alert as a band cut to the shown range, leaving out those outside it', () => {
    const view = { from: 1000, to: 2000 };
    const option = alertMarkArea(
      [
        { from: 500, to: 1200, colour: 'red', label: 'Danger' },
        { from: 1500, to: 9999, colour: 'orange', label: 'No transmission' },
        { from: 100, to: 200, colour: 'blue', label: 'gone' },
      ],
      view,
    );
    expect(option.data).toEqual([
      [{ name: 'Danger', xAxis: 1000, itemStyle: { color: 'red' }, label: { show: false } }, { xAxis: 1200 }],
      [
        { name: 'No transmission', xAxis: 1500, itemStyle: { color: 'orange' }, label: { show: false } },
        { xAxis: 2000 },
      ],
    ]);
  });
});
