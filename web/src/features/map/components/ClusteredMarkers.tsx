import { divIcon, latLngBounds } from 'leaflet';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { alertColours } from '@aforo/contracts/constants';
import type { MapPoint } from '@aforo/contracts/map';
import { clusterPoints } from '../clusters';
import { PointPopup } from './PointPopup';

/** From this zoom on every point is drawn on its own (a street's points are meant to be told apart). */
const noClusterZoom = 14;

/** The points at the current zoom: lone ones as markers, close ones as clusters (click: zoom in). */
export function ClusteredMarkers({
  points,
  popup = (pointId) => <PointPopup pointId={pointId} />,
}: {
  points: MapPoint[];
  popup?: (pointId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const { singles, clusters } = useMemo(
    () =>
      zoom >= noClusterZoom
        ? { singles: points, clusters: [] }
        : clusterPoints(points, (la, lo) => map.project([la, lo], zoom)),
    [points, zoom, map],
  );

  return (
    <>
      {singles.map((p) => (
        <CircleMarker
          key={p.id}
          center={[p.la, p.lo]}
          radius={8}
          pathOptions={{
            color: '#1f2933',
            weight: 1.5,
            fillColor: alertColours[p.lv],
            fillOpacity: 0.95,
          }}
          // a constructor option (pathOptions only restyle): tests and styles find a point's marker by it
          className={`aforo-point aforo-point-${p.id}`}
        >
          <Popup minWidth={260} maxWidth={320} className="aforo-popup">
            {popup(p.id)}
          </Popup>
        </CircleMarker>
      ))}
      {clusters.map((c) => {
        const ids = c.points.map((p) => p.id);
        const label = t('map.cluster', { count: c.points.length, level: t(`alerts.levels.${c.level}`) });
        const dark = c.level === 'WARNING' || c.level === 'NO_TRANSMISSION';
        return (
          <Marker
            key={ids.join(',')}
            position={[c.la, c.lo]}
            title={label}
            icon={divIcon({
              className: 'aforo-cluster-icon',
              iconSize: [34, 34],
              html: `<div class="aforo-cluster" data-level="${c.level}" data-ids="${ids.join(' ')}" role="img" aria-label="${label}" style="width:34px;height:34px;border-radius:50%;display:flex;align-items:center;justify-content:center;font:700 13px sans-serif;border:2px solid #1f2933;background:${alertColours[c.level]};color:${dark ? '#111' : '#fff'}">${c.points.length}</div>`,
            })}
            eventHandlers={{
              click: () =>
                map.fitBounds(latLngBounds(c.points.map((p) => [p.la, p.lo])), {
                  padding: [48, 48],
                  maxZoom: noClusterZoom,
                }),
            }}
          />
        );
      })}
    </>
  );
}
