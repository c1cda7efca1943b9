import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ScreenHeaderProps {
  title: string;
  description?: string;
  /** Buttons on the right (e.g. "New user"). */
  actions?: ReactNode;
}

/** The title row of a screen inside a section. */
export function ScreenHeader({ title, description, actions }: ScreenHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
