import { Chip, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MapCompany, MapLayer } from '@aforo/contracts/map';

export interface LayerTogglesProps {
  layers: MapLayer[];
  /** In the network view: the payload's companies, so each chip names its layer's company. */
  companies?: MapCompany[];
  enabled: ReadonlySet<number>;
  onChange(enabled: Set<number>): void;
}

/** One chip per layer of the company, in its colour; points in no layer are always shown. */
export function LayerToggles({ layers, companies, enabled, onChange }: LayerTogglesProps) {
  const { t } = useTranslation();
  if (layers.length === 0) return null;
  return (
    <Group gap="xs" aria-label={t('map.layers')} role="group">
      <Text size="sm" fw={600}>
        {t('map.layers')}:
      </Text>
      {layers.map((layer, index) => (
        <Chip
          key={layer.id}
          size="xs"
          color={layer.colour}
          checked={enabled.has(index)}
          onChange={(on) => {
            const next = new Set(enabled);
            if (on) next.add(index);
            else next.delete(index);
            onChange(next);
          }}
        >
          {companies ? `${companies[layer.c]?.name ?? ''} · ${layer.name}` : layer.name}
        </Chip>
      ))}
    </Group>
  );
}
