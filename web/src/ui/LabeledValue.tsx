import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LabeledValueProps {
  label: string;
  children: ReactNode;
}

/** A small caption above a value, for detail views. */
export function LabeledValue({ label, children }: LabeledValueProps) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
