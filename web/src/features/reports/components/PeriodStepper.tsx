import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PeriodStepperProps {
  children: ReactNode;
  previousLabel: string;
  nextLabel: string;
  onStep: (step: -1 | 1) => void;
}

/** A period picker between "previous" and "next" buttons: the usual move is one month or quarter. */
export function PeriodStepper({ children, previousLabel, nextLabel, onStep }: PeriodStepperProps) {
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <ActionIcon variant="default" size={36} aria-label={previousLabel} onClick={() => onStep(-1)}>
        ‹
      </ActionIcon>
      {children}
      <ActionIcon variant="default" size={36} aria-label={nextLabel} onClick={() => onStep(1)}>
        ›
      </ActionIcon>
    </Group>
  );
}
