/** Renders a report screen as the app does (route with its loader, toasts), over a stubbed fetch. */
import { Notifications, notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { networkStore } from '../../lib/network-scope';
import { buildCurrentUser, companyA, companyB } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { reportScopeLoader } from './use-report-scope';

export const provider = '77777777-7777-4777-8777-777777777777';

/** Provider staff (VIEWER: reports are theirs, docs/ROLES.md) who may read the network. */
export const staff = buildCurrentUser({
  isGlobal: true,
  roles: ['ROLE_VIEWER'],
  company: { id: provider },
  companies: [
    {
      id: provider,
      businessName: 'Aforo Hidrometría',
      slug: 'aforo',
      isProvider: true,
      preferredTimezone: 'Europe/Madrid',
    },
    {
      id: companyA,
      businessName: 'Aguas del Norte',
      slug: 'norte',
      isProvider: false,
      preferredTimezone: 'Europe/Madrid',
    },
    {
      id: companyB,
      businessName: 'Aguas de Levante',
      slug: 'levante',
      isProvider: false,
      preferredTimezone: 'Atlantic/Canary',
    },
  ],
});

type Answer = (url: string, init?: RequestInit) => Response | undefined;

export interface RenderReportOptions {
  path: string;
  language?: Language;
  /** The network view's stored choice (the URL's `scope=all` turns it on as the route loads). */
  network?: boolean;
  /** Answers by URL; anything unanswered is a 404. */
  answer: Answer;
  /** The signed-in user (default: provider staff reading reports). */
  user?: CurrentUser;
}

export async function renderReport(Page: ComponentType, options: RenderReportOptions) {
  const { path, language = 'es', network = false, answer, user = staff } = options;
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    return answer(url, init) ?? Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  // the toasts of an earlier test are not this one's
  notifications.clean();
  networkStore.setAll(network);
  // the company view is Aguas del Norte's, picked in the header
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), user);
  const route = path.split('?')[0]!;
  const rendered = renderWithProviders(<Page />, {
    path,
    queryClient,
    routes: [
      {
        path: route,
        loader: reportScopeLoader,
        hydrateFallbackElement: <p>loading</p>,
        element: (
          <>
            <Notifications />
            <Page />
          </>
        ),
      },
    ],
  });
  const calls = () => fetchSpy.mock.calls.map(([input]) => String(input));
  return { ...rendered, fetchSpy, calls };
}

/** A file the server sends as an attachment. */
export const fileAnswer = (filename: string) =>
  new Response(new Uint8Array([0x25, 0x50]), {
    headers: { 'content-disposition': `attachment; filename="${filename}"` },
  });
