import { Stack, Text } from '@mantine/core';

/** A few labelled figures stacked in one cell ("mín. 1,05 m", "máx. 2,3 m"); "—" when none has a value. */
export function FigureLines({ lines }: { lines: { label: string; value: string | null }[] }) {
  const shown = lines.filter((l) => l.value !== null && l.value !== '—');
  if (shown.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0} align="flex-end">
      {shown.map((l) => (
        <Text key={l.label} size="xs" ta="right">
          {l.label} <b>{l.value}</b>
        </Text>
      ))}
    </Stack>
  );
}
