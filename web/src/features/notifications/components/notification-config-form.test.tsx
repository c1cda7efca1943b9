import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildCompanyUser, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders, seedRoleList } from '../../../test/render';
import { configFormValues, toConfigInput, validateConfigForm } from '../config-form';
import { NotificationConfigsView } from './NotificationConfigsView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const saved: NotificationConfig = {
  id: '99999999-9999-4999-8999-999999999901',
  companyId: companyA,
  name: 'Guardia',
  enabled: true,
  alertTypes: ['DANGER'],
  roles: ['ROLE_CHIEF_CLIENTE'],
  users: [],
  email: true,
  webhookUrl: 'https://hooks.example/aforo',
  webhookSecret: 'whsec_0123456789abcdef',
  notifyResolved: true,
  escalation: null,
  points: [],
  layers: [],
  description: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('notification config form', () => {
  it('validates with the contract: docs/VALIDATION.md messages for no alert type and no recipient', async () => {
    sessionStore.setLanguage('en');
    const values = { ...configFormValues(null), name: 'Guardia', alertTypes: [] };
    expect(validateConfigForm(values)).toMatchObject({
      alertTypes: 'Choose at least one alert type',
      roles: 'Choose at least one role or user',
    });
    // escalation on needs its own recipients and minutes; a user alone is a recipient
    expect(
      validateConfigForm({
        ...values,
        alertTypes: ['DANGER'],
        userIds: ['33333333-3333-4333-8333-333333333333'],
        escalationOn: true,
        escalation: { afterMinutes: 30, roles: [], userIds: [] },
      }),
    ).toEqual({ 'escalation.roles': 'Choose at least one role or user' });
    expect(
      validateConfigForm({
        ...values,
        alertTypes: ['DANGER'],
        roles: ['ROLE_USER'],
        escalationOn: true,
        escalation: { afterMinutes: '', roles: ['ROLE_ADMIN_CLIENTE'], userIds: [] },
      }),
    ).toEqual({ 'escalation.afterMinutes': 'This is a required field' });
    expect(
      validateConfigForm({ ...values, alertTypes: ['DANGER'], roles: ['ROLE_USER'], webhookUrl: 'ftp://x' }),
    ).toEqual({ webhookUrl: 'This is invalid' });
    sessionStore.setLanguage('es');
    expect(validateConfigForm(values).alertTypes).toBe('Elija al menos un tipo de alerta');
    // off: the escalation's fields are not sent
    expect(
      toConfigInput({ ...values, escalation: { afterMinutes: '', roles: [], userIds: [] } }).escalation,
    ).toBeNull();
  });

  it('saves a new configuration and then shows its webhook secret to copy', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/notification-configs?')) return Response.json({ rows: [], total: 0 });
      if (url === '/api/notification-configs' && init?.method === 'POST') return Response.json(saved);
      if (url.startsWith('/api/users?')) return Response.json({ rows: [], total: 0 });
      return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchSpy);
    sessionStore.setLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    sessionStore.signIn('token', companyA);
    const queryClient = seedRoleList(createTestQueryClient());
    queryClient.setQueryData(currentUserQueryKey(companyA), buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
    renderWithProviders(<NotificationConfigsView />, { queryClient });

    await userEvent.click(await screen.findByRole('button', { name: 'New configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'New configuration' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one role or user')).toBeInTheDocument();
    expect(within(dialog).getByText('This is a required field')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Guardia');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Operator' }));
    await userEvent.click(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.example/aforo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent('whsec_0123456789abcdef');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      name: 'Guardia',
      alertTypes: ['DANGER', 'HIGH_THRESHOLD', 'NO_TRANSMISSION'],
      roles: ['ROLE_CHIEF_CLIENTE'],
      email: true,
      webhookUrl: 'https://hooks.example/aforo',
      escalation: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New configuration' })).not.toBeInTheDocument(),
    );
  }, 20_000);
});
