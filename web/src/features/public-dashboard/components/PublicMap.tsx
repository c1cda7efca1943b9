import { Skeleton, Stack } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import type { MapPoint } from '@aforo/contracts/map';
import type { PublicDashboard } from '@aforo/contracts/public-dashboard';
import { LazyPointsMap, LevelLegend } from '../../map';
import { RiverLevelCard } from '../../river-level';

const height = 420;

/** The public points on the map; a popup holds the point's widget, with no way into the app. */
export function PublicMap({ dashboard }: { dashboard: PublicDashboard }) {
  const points = useMemo<MapPoint[]>(
    () =>
      dashboard.points.map((p) => ({
        id: p.id,
        n: p.name,
        k: p.kind,
        la: p.latitude,
        lo: p.longitude,
        lv: p.level,
        ly: [],
        f: false,
      })),
    [dashboard.points],
  );
  const byId = useMemo(() => new Map(dashboard.points.map((p) => [p.id, p])), [dashboard.points]);
  const popup = (pointId: string) => {
    const point = byId.get(pointId);
    return point ? <RiverLevelCard level={point.riverLevel} bare /> : null;
  };
  return (
    <Stack gap="xs">
      <Suspense fallback={<Skeleton height={height} radius="md" />}>
        <LazyPointsMap points={points} tiles={dashboard.tiles} height={height} popup={popup} />
      </Suspense>
      <LevelLegend />
    </Stack>
  );
}
