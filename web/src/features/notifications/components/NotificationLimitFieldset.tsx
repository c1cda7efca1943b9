import { Fieldset, MultiSelect, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import { usePointOptionsQuery } from '../../../lib/points-api';
import { useLayerOptionsQuery } from '../../layers';
import type { ConfigFormValues } from '../config-form';

type Ref = { id: string; name: string };

/** The company's options, plus the saved ones by name even before (or without) the lists. */
function options(rows: readonly Ref[] | undefined, saved: readonly Ref[]) {
  const data = (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
  for (const r of saved) if (!data.some((o) => o.value === r.id)) data.push({ value: r.id, label: r.name });
  return data;
}

/** Limit a config to some points or layers (docs/ALERTS.md, "Limited to points or layers"); empty = every point. */
export function NotificationLimitFieldset({
  form,
  config,
}: {
  form: UseFormReturnType<ConfigFormValues>;
  config: NotificationConfig | null;
}) {
  const { t } = useTranslation();
  const points = usePointOptionsQuery();
  const layers = useLayerOptionsQuery();
  return (
    <Fieldset legend={t('notifications.fields.limit')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('notifications.fields.points')}
          placeholder={form.values.pointIds.length === 0 ? t('notifications.fields.allPoints') : undefined}
          data={options(points.data?.rows, config?.points ?? [])}
          searchable
          clearable
          nothingFoundMessage={t('common.noResults')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('pointIds')}
        />
        <MultiSelect
          label={t('notifications.fields.layers')}
          data={options(layers.data?.rows, config?.layers ?? [])}
          searchable
          clearable
          nothingFoundMessage={t('common.noResults')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('layerIds')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('notifications.fields.limitHint')}
      </Text>
    </Fieldset>
  );
}
