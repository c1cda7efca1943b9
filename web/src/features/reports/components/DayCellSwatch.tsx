import { Box } from '@mantine/core';

export interface DayCellSwatchProps {
  colour: string;
  /** An empty day: its outline only. */
  outlined?: boolean;
  width?: number;
  height?: number;
}

/** The coloured square of a day, as the strips draw it (the legend's key). */
export function DayCellSwatch({ colour, outlined = false, width = 12, height = 12 }: DayCellSwatchProps) {
  return (
    <Box
      aria-hidden
      w={width}
      h={height}
      style={{
        flex: 'none',
        borderRadius: 2,
        backgroundColor: colour,
        border: outlined ? '1px solid var(--mantine-color-gray-5)' : '1px solid transparent',
      }}
    />
  );
}
