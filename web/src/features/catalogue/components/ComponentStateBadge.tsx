import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Component } from '@aforo/contracts/components';

const colours: Record<Component['state'], string> = {
  Inactive: 'gray',
  Installed: 'teal',
  Decommissioned: 'red',
};

export function ComponentStateBadge({ state }: { state: Component['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colours[state]}>
      {t(`catalogue.components.states.${state}`)}
    </Badge>
  );
}
