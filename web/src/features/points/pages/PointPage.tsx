import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PointEventsCard } from '../../events';
import { usePointQuery } from '../api';
import { FavouriteToggle } from '../components/FavouriteToggle';
import { PointAlertsCard } from '../components/PointAlertsCard';
import { PointChart } from '../components/PointChart';
import { PointComponentsCard } from '../components/PointComponentsCard';
import { PointDeviceCard } from '../components/PointDeviceCard';
import { PointFactsCard } from '../components/PointFactsCard';
import { PointFormModal } from '../components/PointFormModal';
import { useCanEditPoints } from '../use-point-actions';

/**
 * /app/operation/points/:id: a point's chart (range and port in the URL, export of what it shows), its
 * alerts, its data, its device with its state history, the device's events, and its components.
 */
export function PointPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = usePointQuery(id);
  const canEdit = useCanEditPoints();
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Text>{t('common.loading')}</Text>;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  const point = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/operation/points" size="sm">
        {t('points.back')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="xs">
          <FavouriteToggle pointId={point.id} name={point.name} favourite={point.favorite} />
          <Title order={2} size="h3">
            {point.name}
          </Title>
          {point.deletedAt && <Badge color="red">{t('points.deletedBadge')}</Badge>}
          {point.layers.map((layer) => (
            <Badge key={layer.id} variant="dot" color={layer.colour} radius="sm">
              {layer.name}
            </Badge>
          ))}
        </Group>
        {canEdit && !point.deletedAt && <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>}
      </Group>
      <PointChart point={point} />
      <PointAlertsCard pointId={point.id} />
      <PointFactsCard point={point} />
      <PointDeviceCard point={point} />
      <PointEventsCard pointId={point.id} />
      <PointComponentsCard pointId={point.id} />
      {editing && <PointFormModal point={point} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
