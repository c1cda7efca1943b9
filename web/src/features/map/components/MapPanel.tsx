import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MapLayer } from '@aforo/contracts/map';
import { useNetworkScope } from '../../../lib/network-scope';
import { useMapLiveRefresh, useMapQuery } from '../api';
import { visibleOnLayers } from '../clusters';
import { LayerToggles } from './LayerToggles';
import { LevelLegend } from './LevelLegend';
import { NetworkPointPopup } from './NetworkPointPopup';

// Leaflet and its CSS load only when a map is shown (first-load budget of issue 13)
const PointsMap = lazy(() => import('./PointsMap').then((m) => ({ default: m.PointsMap })));

/** The `layers` URL parameter: ids of the enabled layers; absent, the layers marked viewable. */
function enabledLayers(layers: MapLayer[], param: string | null): Set<number> {
  const ids = param === null ? null : new Set(param.split(',').filter(Boolean));
  const enabled = new Set<number>();
  layers.forEach((layer, index) => {
    if (ids ? ids.has(layer.id) : layer.viewable) enabled.add(index);
  });
  return enabled;
}

/**
 * The current company's map with its layer toggles (kept in the URL) and the level legend; with
 * `network`, the provider's network view (lib/network-scope.ts): every company's points, each popup
 * naming its company, each layer chip too.
 */
export function MapPanel({ height = 460, network = false }: { height?: number; network?: boolean }) {
  const { t } = useTranslation();
  const scope = useNetworkScope();
  const networkOn = network && scope.all;
  const query = useMapQuery(networkOn ? scope.params : {}, { enabled: !network || scope.ready });
  useMapLiveRefresh();
  const [params, setParams] = useSearchParams();
  const layersParam = params.get('layers');
  const payload = query.data;
  const enabled = useMemo(() => enabledLayers(payload?.layers ?? [], layersParam), [payload, layersParam]);
  const points = useMemo(() => (payload ? visibleOnLayers(payload.points, enabled) : []), [payload, enabled]);

  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {t('map.loadError')}
      </Alert>
    );
  }
  if (!payload) return <Skeleton height={height} radius="md" />;
  return (
    <Stack gap="xs">
      <LayerToggles
        layers={payload.layers}
        companies={networkOn ? payload.companies : undefined}
        enabled={enabled}
        onChange={(next) =>
          setParams(
            (current) => {
              const out = new URLSearchParams(current);
              out.set(
                'layers',
                payload.layers
                  .filter((_, i) => next.has(i))
                  .map((l) => l.id)
                  .join(','),
              );
              return out;
            },
            { replace: true },
          )
        }
      />
      <Suspense fallback={<Skeleton height={height} radius="md" />}>
        <PointsMap
          points={points}
          tiles={payload.tiles}
          height={height}
          popup={networkOn ? (id) => <NetworkPointPopup payload={payload} pointId={id} /> : undefined}
        />
      </Suspense>
      {payload.points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('map.noPoints')}
        </Text>
      ) : (
        <LevelLegend />
      )}
    </Stack>
  );
}
