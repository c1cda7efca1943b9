import { describe, expect, it } from 'vitest';
import { clusterPoints, visibleOnLayers } from './clusters';

const flat = (la: number, lo: number) => ({ x: lo, y: la });

describe('clusterPoints', () => {
  it('groups points of one cell into a cluster of the worst level, leaves lone points single', () => {
    const points = [
      { id: 'a', la: 1, lo: 1, lv: 'WARNING' as const },
      { id: 'b', la: 5, lo: 5, lv: 'DANGER' as const },
      { id: 'c', la: 9, lo: 9, lv: 'OK' as const },
      { id: 'd', la: 100, lo: 100, lv: 'NO_TRANSMISSION' as const },
    ];
    const { singles, clusters } = clusterPoints(points, flat, 36);
    expect(singles.map((p) => p.id)).toEqual(['d']);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.level).toBe('DANGER');
    expect(clusters[0]!.points.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(clusters[0]!.la).toBe(5);
  });

  it('takes NO_TRANSMISSION over WARNING and OUT_OF_RANGE, and splits points once zoomed in', () => {
    const points = [
      { id: 'a', la: 1, lo: 1, lv: 'OUT_OF_RANGE' as const },
      { id: 'b', la: 2, lo: 2, lv: 'NO_TRANSMISSION' as const },
      { id: 'c', la: 3, lo: 3, lv: 'WARNING' as const },
    ];
    expect(clusterPoints(points, flat, 36).clusters[0]!.level).toBe('NO_TRANSMISSION');
    const zoomed = clusterPoints(points, (la, lo) => ({ x: lo * 100, y: la * 100 }), 36);
    expect(zoomed.clusters).toEqual([]);
    expect(zoomed.singles).toHaveLength(3);
  });
});

describe('visibleOnLayers', () => {
  it('shows points of enabled layers and points in no layer', () => {
    const points = [
      { id: 'none', ly: [] },
      { id: 'first', ly: [0] },
      { id: 'second', ly: [1] },
      { id: 'both', ly: [0, 1] },
    ];
    expect(visibleOnLayers(points, new Set([1])).map((p) => p.id)).toEqual(['none', 'second', 'both']);
    expect(visibleOnLayers(points, new Set()).map((p) => p.id)).toEqual(['none']);
  });
});
