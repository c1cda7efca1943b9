/**
 * Grid clustering of map points (our own, ~40 lines, rather than leaflet.markercluster: that plugin
 * draws HTML markers, not the SVG CircleMarkers the map and its tests read, and needs a react-leaflet
 * wrapper of its own). Points whose projected pixels fall in the same cell at the current zoom become
 * one cluster coloured by the worst level among them (docs/ALERTS.md order).
 */
import { worstLevel } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';

export interface ClusterablePoint {
  id: string;
  la: number;
  lo: number;
  lv: AlertLevel;
}

export interface PointCluster<P extends ClusterablePoint> {
  /** Mean position of its points. */
  la: number;
  lo: number;
  level: AlertLevel;
  points: P[];
}

export interface Clustered<P extends ClusterablePoint> {
  singles: P[];
  clusters: PointCluster<P>[];
}

/** Side of a grid cell in screen pixels: markers closer than this would overlap. */
export const clusterCellPx = 36;

export function clusterPoints<P extends ClusterablePoint>(
  points: readonly P[],
  project: (la: number, lo: number) => { x: number; y: number },
  cellPx = clusterCellPx,
): Clustered<P> {
  const cells = new Map<string, P[]>();
  for (const point of points) {
    const { x, y } = project(point.la, point.lo);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  const singles: P[] = [];
  const clusters: PointCluster<P>[] = [];
  for (const members of cells.values()) {
    if (members.length === 1) {
      singles.push(members[0]!);
      continue;
    }
    clusters.push({
      la: members.reduce((sum, p) => sum + p.la, 0) / members.length,
      lo: members.reduce((sum, p) => sum + p.lo, 0) / members.length,
      level: worstLevel(members.map((p) => p.lv)),
      points: members,
    });
  }
  return { singles, clusters };
}

/** Points shown for the enabled layers: those in any enabled layer, and those in no layer at all. */
export function visibleOnLayers<P extends { ly: number[] }>(
  points: readonly P[],
  enabled: ReadonlySet<number>,
): P[] {
  return points.filter((p) => p.ly.length === 0 || p.ly.some((i) => enabled.has(i)));
}
