import { Group, Text } from '@mantine/core';
import { cellGap, cellWidth } from './DayStrip';

/** The strip column's title: the numbers of day 1 and every fifth day above their cells. */
export function DayStripHeader({ days, title }: { days: string[]; title: string }) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      <Group gap={cellGap} wrap="nowrap" aria-hidden>
        {days.map((day) => (
          <Text key={day} w={cellWidth} ta="center" fz={9} c="dimmed" style={{ flex: 'none' }}>
            {Number(day.slice(8, 10)) % 5 === 0 || day.endsWith('-01') ? Number(day.slice(8, 10)) : ''}
          </Text>
        ))}
      </Group>
    </div>
  );
}
