import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Any other path (docs/WEB.md): 404, "Oops!", a translated text and a link to the root. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text
          component="p"
          fw={800}
          lh={1}
          m={0}
          c="blue.2"
          style={{ fontSize: 'clamp(96px, 20vw, 180px)', letterSpacing: '-0.04em' }}
        >
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.oops')}</Title>
        <Text c="dimmed" maw={420}>
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/" mt="md" size="md">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
