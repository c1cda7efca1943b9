/**
 * The notification config form: the roles offered per caller (a client's admin only the client
 * roles) and the limit to points or layers, in Spanish and English (docs/ALERTS.md).
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import type { CurrentUser } from '@aforo/contracts/users';
import { optionsParams } from '../../../lib/crud-hooks';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { sessionStore } from '../../../lib/session';
import { buildCompanyUser, buildCurrentUser, buildRoleList, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders, seedRoleList } from '../../../test/render';
import { roleOptions } from '../config-form';
import { NotificationConfigsView } from './NotificationConfigsView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const ebro = { id: '66666666-6666-4666-8666-666666666601', name: 'Río Ebro' };
const canal = { id: '66666666-6666-4666-8666-666666666602', name: 'Canal Imperial' };
const riverLayer = { id: '77777777-7777-4777-8777-777777777701', name: 'Ríos' };

const saved: NotificationConfig = {
  id: '99999999-9999-4999-8999-999999999902',
  companyId: companyA,
  name: 'Ebro',
  enabled: true,
  alertTypes: ['DANGER'],
  roles: ['ROLE_CHIEF_CLIENTE'],
  users: [],
  email: false,
  webhookUrl: null,
  webhookSecret: null,
  notifyResolved: true,
  escalation: null,
  points: [ebro],
  layers: [riverLayer],
  description: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const texts = {
  en: { new: 'New configuration', limit: 'Limit to points or layers', points: 'Points', layers: 'Layers' },
  es: { new: 'Nueva configuración', limit: 'Limitar a puntos o capas', points: 'Puntos', layers: 'Capas' },
};

async function openForm(language: Language, user: CurrentUser) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/notification-configs?')) return Response.json({ rows: [], total: 0 });
    if (url === '/api/notification-configs' && init?.method === 'POST') return Response.json(saved);
    if (url.startsWith('/api/users?')) return Response.json({ rows: [], total: 0 });
    return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = seedRoleList(createTestQueryClient(), language);
  queryClient.setQueryData(currentUserQueryKey(companyA), user);
  // the company's points and layers as their option lists answer them (only id and name are read)
  queryClient.setQueryData(queryKeys.points.list(optionsParams('name')), { rows: [canal, ebro], total: 2 });
  queryClient.setQueryData(queryKeys.layers.list(optionsParams('name')), { rows: [riverLayer], total: 1 });
  renderWithProviders(<NotificationConfigsView />, { queryClient });
  await userEvent.click(await screen.findByRole('button', { name: texts[language].new }));
  const dialog = await screen.findByRole('dialog', { name: texts[language].new });
  return { dialog, fetchSpy };
}

async function offeredRoles(dialog: HTMLElement, label: RegExp) {
  await userEvent.click(within(dialog).getAllByRole('combobox', { name: label })[0]!);
  const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('notification config form: roles per caller and the limit to points or layers', () => {
  it('roleOptions: the client roles for a client admin, every role but the system one for provider staff', () => {
    const roles = buildRoleList();
    const client = ['Client Admin', 'Operator', 'Viewer', 'Spectator'];
    expect(roleOptions(roles, false, []).map((o) => o.label)).toEqual(client);
    expect(roleOptions(roles, true, []).map((o) => o.label)).toEqual([
      'Super Admin FDX',
      'Operator FDX',
      'Viewer FDX',
      ...client,
    ]);
    // a global role the provider put in the config stays visible to the client admin editing it
    expect(roleOptions(roles, false, ['ROLE_CHIEF']).map((o) => o.value)).toContain('ROLE_CHIEF');
  });

  it.each(['en', 'es'] as const)(
    '%s: a client admin is offered only client roles and limits the rule to a point and a layer',
    async (language) => {
      const { dialog, fetchSpy } = await openForm(language, buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
      const roles = await offeredRoles(dialog, /^(Roles)$/);
      expect(roles).toContain('Operator');
      expect(roles).not.toContain('Operator FDX');
      expect(roles).not.toContain('Super Admin FDX');

      expect(within(dialog).getByText(texts[language].limit)).toBeInTheDocument();
      await userEvent.type(within(dialog).getAllByRole('textbox')[0]!, 'Ebro');
      await userEvent.click(within(dialog).getAllByRole('combobox', { name: 'Roles' })[0]!);
      await userEvent.click(await screen.findByRole('option', { name: 'Operator' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: texts[language].points }));
      await userEvent.click(await screen.findByRole('option', { name: 'Río Ebro' }));
      await userEvent.click(within(dialog).getByRole('combobox', { name: texts[language].layers }));
      await userEvent.click(await screen.findByRole('option', { name: 'Ríos' }));
      await userEvent.click(
        within(dialog).getByRole('button', { name: language === 'es' ? 'Guardar' : 'Save' }),
      );

      await vi.waitFor(() =>
        expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
      );
      const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
      expect(JSON.parse(String(post[1]!.body))).toMatchObject({
        roles: ['ROLE_CHIEF_CLIENTE'],
        pointIds: [ebro.id],
        layerIds: [riverLayer.id],
      });
    },
    20_000,
  );

  it('provider staff are offered the global roles too (they reach the provider staff)', async () => {
    const { dialog } = await openForm(
      'en',
      buildCurrentUser({
        isGlobal: true,
        roles: ['ROLE_ADMIN'],
        userProfiles: [
          {
            id: '44444444-4444-4444-8444-444444444445',
            state: { name: 'Active' },
            company: null,
            profileRoles: ['ROLE_ADMIN'],
            rolesAssociated: [{ id: 'ROLE_ADMIN' }],
          },
        ],
      }),
    );
    const roles = await offeredRoles(dialog, /^(Roles)$/);
    expect(roles).toEqual(expect.arrayContaining(['Operator FDX', 'Operator']));
  }, 20_000);
});
