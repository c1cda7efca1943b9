import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { toastTimeoutMs } from '@aforo/contracts/constants';
import { useSession } from '../lib/session';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';
import { SessionEffects } from './SessionEffects';
import { themeFor } from './theme';

/**
 * Providers and global UI of docs/WEB.md: toasts, loading overlay, confirmation dialog; the theme
 * follows the interface language (number fields' decimal mark, docs/WEB.md "Numbers").
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes));
  const language = useSession((s) => s.language);
  return (
    <MantineProvider theme={themeFor(language)} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <SessionEffects />
          <Notifications position="bottom-right" autoClose={toastTimeoutMs} limit={5} />
          <LoadingOverlay />
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
