/**
 * The Leaflet map (its own lazy chunk, with Leaflet's CSS): points as CircleMarkers in their level's
 * colour, clusters when they would overlap, a popup with the river-level widget. Tiles only when the
 * server names a tile URL; otherwise, or when tiles are unreachable, the points sit on a plain
 * background (leaflet hides tiles that fail to load).
 */
import 'leaflet/dist/leaflet.css';
import './points-map.css';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import type { MapPoint, MapTiles } from '@aforo/contracts/map';
import { ClusteredMarkers } from './ClusteredMarkers';

export interface PointsMapProps {
  points: MapPoint[];
  tiles: MapTiles;
  height: number;
  /** A point's popup; by default its river-level widget and a link to its page (signed-in map). */
  popup?: (pointId: string) => ReactNode;
}

/** Spain, where the demo lives, when there is nothing to fit. */
const defaultCenter: [number, number] = [40.2, -3.7];

function boundsOf(points: MapPoint[]): LatLngBoundsExpression | undefined {
  if (points.length === 0) return undefined;
  const las = points.map((p) => p.la);
  const los = points.map((p) => p.lo);
  return [
    [Math.min(...las), Math.min(...los)],
    [Math.max(...las), Math.max(...los)],
  ];
}

/**
 * Leaflet measures its container once: when the page around it settles later (a table above loading,
 * a scrollbar appearing) it would keep drawing for the old size and hide points it thinks are outside.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export function PointsMap({ points, tiles, height, popup }: PointsMapProps) {
  const bounds = boundsOf(points);
  return (
    <div data-testid="points-map">
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [32, 32], maxZoom: 12 }}
        zoomSnap={0.5}
        center={bounds ? undefined : defaultCenter}
        zoom={bounds ? undefined : 5}
        style={{ height, width: '100%', background: '#e8eef3', borderRadius: 8 }}
      >
        <FollowContainerSize />
        {tiles.url && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
        <ClusteredMarkers points={points} popup={popup} />
      </MapContainer>
    </div>
  );
}
