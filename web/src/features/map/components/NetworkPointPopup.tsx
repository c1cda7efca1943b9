import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MapPayload } from '@aforo/contracts/map';
import { useOpenInCompany } from '../../../lib/open-in-company';
import { useSession } from '../../../lib/session';
import { AlertLevelBadge } from '../../../ui/AlertLevelBadge';
import { RiverLevelWidget } from '../../river-level';

/**
 * A point's popup in the network view: its company, name and level; the river-level widget when the
 * point is the current company's (another company's is read there); the way to its page, which
 * makes its company the current one first (lib/open-in-company.ts).
 */
export function NetworkPointPopup({ payload, pointId }: { payload: MapPayload; pointId: string }) {
  const { t } = useTranslation();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const openInCompany = useOpenInCompany();
  const point = payload.points.find((p) => p.id === pointId);
  const company = point?.c === undefined ? undefined : payload.companies[point.c];
  if (!point || !company) return null;
  return (
    <Stack gap="xs" w={260} data-testid="map-popup">
      <Text size="xs" c="dimmed" data-testid="map-popup-company">
        {company.name}
      </Text>
      {company.id === currentCompanyId ? (
        <RiverLevelWidget pointId={pointId} bare />
      ) : (
        <Stack gap={4}>
          <Text fw={600}>{point.n}</Text>
          <AlertLevelBadge level={point.lv} />
        </Stack>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        onClick={() => openInCompany(company.id, `/app/operation/points/${pointId}`)}
      >
        {t('map.openPoint')}
      </Anchor>
    </Stack>
  );
}
