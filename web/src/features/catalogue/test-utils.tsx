/** Test helpers of the catalogue screens: a signed-in user with given global roles and a fetch mock. */
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Role } from '@aforo/contracts/roles';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';

const stamp = '2026-03-01T10:00:00.000Z';
export const timestamps = { createdAt: stamp, updatedAt: stamp };

export const brandId = '5b1d0c8e-1f7a-4c55-9a51-0d2b6f3a9e01';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers GET /api/<path>?… with the given list, POST/PUT with the sent body; anything else 404. */
export function stubApi(lists: Record<string, unknown[]>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const resource = /^\/api\/([a-z-]+)/.exec(url)?.[1] ?? '';
    const rows = lists[resource];
    if (method === 'GET' && rows && url.startsWith(`/api/${resource}?`)) {
      return json({ rows, total: rows.length });
    }
    return json({ code: 'N1000', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** Renders a catalogue screen in English for a provider user holding the given global roles. */
export async function renderAs(ui: ReactElement, roles: Role[], path = '/', user: Partial<CurrentUser> = {}) {
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey(companyA),
    buildCurrentUser({
      isGlobal: true,
      roles,
      userProfiles: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          state: { name: 'Active' },
          company: null,
          profileRoles: roles,
          rolesAssociated: roles.map((id) => ({ id })),
        },
      ],
      ...user,
    }),
  );
  return renderWithProviders(ui, { path, queryClient });
}

export function resetSession() {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
}
