import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Aforo logo: a wave in a rounded square, and the name. */
export function BrandMark({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-7)" />
        <path d="M4 20c4-4 8 4 12 0s8 4 12 0v8H4z" fill="var(--mantine-color-cyan-4)" />
        <path
          d="M4 15c4-4 8 4 12 0s8 4 12 0"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <Text fw={700} size="xl" lh={1} style={{ letterSpacing: '-0.01em' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
