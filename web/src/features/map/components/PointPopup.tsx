import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RiverLevelWidget } from '../../river-level';

/** A point's popup: its river-level widget and the way to its page. */
export function PointPopup({ pointId }: { pointId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" w={260} data-testid="map-popup">
      <RiverLevelWidget pointId={pointId} bare />
      <Anchor component={Link} to={`/app/operation/points/${pointId}`} size="sm">
        {t('map.openPoint')}
      </Anchor>
    </Stack>
  );
}
