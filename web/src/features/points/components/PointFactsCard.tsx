import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Point } from '@aforo/contracts/points';
import { useFormat } from '../../../lib/format';
import { LabeledValue } from '../../../ui/LabeledValue';
import { useSecondsLabel } from '../../devices';
import { PointParametersTable } from './PointParametersTable';

const dash = (value: string | null) => (value === null || value === '' ? '—' : value);

/** A point's data, numbers in the interface language ("Cota del terreno 6,5"), and its port parameters. */
export function PointFactsCard({ point }: { point: Point }) {
  const { t } = useTranslation();
  const format = useFormat();
  const secondsLabel = useSecondsLabel();
  const degrees = (value: number) => format.number(value, { maximumFractionDigits: 6 });
  const values: [string, string][] = [
    [t('points.fields.kind'), t(`points.kinds.${point.kind}`)],
    [t('points.fields.address'), dash(point.address)],
    // "; " between them: with decimal commas "42,8, -1,64" would read as four numbers
    [t('points.coordinates'), `${degrees(point.latitude)}; ${degrees(point.longitude)}`],
    [t('points.fields.unit'), point.unit],
    [t('points.fields.measureTime'), secondsLabel(point.measureTime)],
    [t('points.fields.transmissionTime'), secondsLabel(point.transmissionTime)],
    [t('points.fields.measuresForAvg'), format.number(point.measuresForAvg)],
    [t('points.fields.groundLevel'), format.value(point.groundLevel)],
    [t('points.fields.invertLevel'), format.value(point.invertLevel)],
    [t('points.fields.levelDifference'), format.value(point.levelDifference)],
    [t('points.fields.alertValue'), format.value(point.alertValue)],
    [t('points.fields.warningValue'), format.value(point.warningValue)],
    [t('points.fields.value4mA'), format.value(point.value4mA)],
    [t('points.fields.value20mA'), format.value(point.value20mA)],
    [t('points.fields.public'), point.public ? t('common.yes') : t('common.no')],
    [t('points.fields.test'), point.test ? t('common.yes') : t('common.no')],
  ];
  return (
    <Card withBorder radius="md" data-testid="point-facts">
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
  );
}
