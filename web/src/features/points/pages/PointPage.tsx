import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LabeledValue } from '../../../ui/LabeledValue';
import { useSecondsLabel } from '../../devices';
import { PointEventsCard } from '../../events';
import { usePointQuery } from '../api';
import { FavouriteToggle } from '../components/FavouriteToggle';
import { PointAlertsCard } from '../components/PointAlertsCard';
import { PointChart } from '../components/PointChart';
import { PointComponentsCard } from '../components/PointComponentsCard';
import { PointDeviceCard } from '../components/PointDeviceCard';
import { PointFormModal } from '../components/PointFormModal';
import { PointParametersTable } from '../components/PointParametersTable';
import { useCanEditPoints } from '../use-point-actions';

const dash = (value: number | string | null) => (value === null || value === '' ? '—' : String(value));

/**
 * /app/operation/points/:id: a point's chart (range and port in the URL, export of what it shows), its
 * alerts, its data, its device with its state history, the device's events, and its components.
 */
export function PointPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = usePointQuery(id);
  const secondsLabel = useSecondsLabel();
  const canEdit = useCanEditPoints();
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Text>{t('common.loading')}</Text>;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  const point = query.data;
  const values: [string, string][] = [
    [t('points.fields.kind'), t(`points.kinds.${point.kind}`)],
    [t('points.fields.address'), dash(point.address)],
    [t('points.coordinates'), `${point.latitude}, ${point.longitude}`],
    [t('points.fields.unit'), point.unit],
    [t('points.fields.measureTime'), secondsLabel(point.measureTime)],
    [t('points.fields.transmissionTime'), secondsLabel(point.transmissionTime)],
    [t('points.fields.measuresForAvg'), String(point.measuresForAvg)],
    [t('points.fields.groundLevel'), dash(point.groundLevel)],
    [t('points.fields.invertLevel'), dash(point.invertLevel)],
    [t('points.fields.levelDifference'), String(point.levelDifference)],
    [t('points.fields.alertValue'), dash(point.alertValue)],
    [t('points.fields.warningValue'), dash(point.warningValue)],
    [t('points.fields.value4mA'), dash(point.value4mA)],
    [t('points.fields.value20mA'), dash(point.value20mA)],
    [t('points.fields.public'), point.public ? t('common.yes') : t('common.no')],
    [t('points.fields.test'), point.test ? t('common.yes') : t('common.no')],
  ];
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
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {values.map(([label, value]) => (
            <LabeledValue key={label} label={label}>
              {value}
            </LabeledValue>
          ))}
        </SimpleGrid>
        {Object.keys(point.parameters).length > 0 && (
          <Stack gap={4} mt="md">
            <PointParametersTable point={point} />
          </Stack>
        )}
      </Card>
      <PointDeviceCard point={point} />
      <PointEventsCard pointId={point.id} />
      <PointComponentsCard pointId={point.id} />
      {editing && <PointFormModal point={point} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
