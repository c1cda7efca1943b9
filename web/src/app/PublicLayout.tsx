import { Box, Center, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LanguageSelect } from '../ui/LanguageSelect';
import { BrandMark } from './BrandMark';
import { useDocumentTitle } from './use-document-title';

/** Pages without the shell (sign-in, password, public dashboard): brand, language switch, content. */
export function PublicLayout() {
  useDocumentTitle();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 15% 0%, var(--mantine-color-cyan-1), transparent 45%), radial-gradient(circle at 100% 100%, var(--mantine-color-blue-1), transparent 50%), var(--mantine-color-gray-0)',
      }}
    >
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Box component={Link} to="/" c="inherit" style={{ textDecoration: 'none' }}>
            <BrandMark />
          </Box>
          <LanguageSelect />
        </Group>
      </Container>
      <Center px="md" pt={{ base: 'md', sm: 60 }} pb="xl">
        <Outlet />
      </Center>
    </Box>
  );
}
