/** Renders a screen with the app's providers and a memory router, for tests. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import type { Language } from '@aforo/contracts/constants';
import { i18n } from '../lib/i18n';
import { queryKeys } from '../lib/query-keys';
import { theme } from '../app/theme';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { buildRoleList } from './fixtures';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** The role list as if GET /api/roles had answered (reference data most screens just read). */
export function seedRoleList(queryClient: QueryClient, language: Language = 'en'): QueryClient {
  queryClient.setQueryData(queryKeys.roles.list({ language }), buildRoleList());
  return queryClient;
}

export interface RenderOptions {
  path?: string;
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routes, queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}
