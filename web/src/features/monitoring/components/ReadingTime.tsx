import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTimeFormat } from '../../../lib/time';
import { relativeTime } from '../relative-time';

/** Re-renders every half minute so "2 min ago" stays true (no request is made). */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The time of a reading, relative ("5 min ago") over absolute (company zone). */
export function ReadingTime({ iso }: { iso: string | null }) {
  const format = useTimeFormat();
  const now = useNow();
  if (!iso) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{relativeTime(iso, now, format.locale)}</Text>
      <Text size="xs" c="dimmed">
        {format.timestamp(iso)}
      </Text>
    </Stack>
  );
}
