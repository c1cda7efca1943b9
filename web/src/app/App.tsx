import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { toastTimeoutMs } from '@aforo/contracts/constants';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';
import { SessionEffects } from './SessionEffects';
import { theme } from './theme';

/** Providers and global UI of docs/WEB.md: toasts, loading overlay, confirmation dialog. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
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
