import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from '@aforo/contracts/component-types';
import type { Component } from '@aforo/contracts/components';
import type { Point } from '@aforo/contracts/points';
import { sessionStore } from '../../../lib/session';
import { companyA, companyB } from '../../../test/fixtures';
import { renderAs, timestamps } from '../test-utils';
import { ComponentTypeFormModal } from './ComponentTypeFormModal';
import { InstallComponentModal } from './InstallComponentModal';

const providerId = '99999999-9999-4999-8999-999999999999';
const pointId = '66666666-6666-4666-8666-666666666666';
const companies = [
  {
    id: providerId,
    businessName: 'Aforo Proveedor',
    slug: 'aforo-proveedor',
    isProvider: true,
    preferredTimezone: 'Europe/Madrid',
  },
  {
    id: companyA,
    businessName: 'Aguas del Norte',
    slug: 'aguas-del-norte',
    isProvider: false,
    preferredTimezone: 'Europe/Madrid',
  },
];
const admin = ['ROLE_ADMIN'] as const;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const savedType = (body: Record<string, unknown>): ComponentType => ({
  id: '77777777-7777-4777-8777-777777777777',
  name: String(body.name),
  magnitude: body.magnitude as ComponentType['magnitude'],
  measureType: body.measureType as ComponentType['measureType'],
  company: { id: String(body.companyId), name: 'Aguas del Norte' },
  shared: false,
  dynamicFields: [],
  enabled: true,
  components: 0,
  ...timestamps,
});

const component = (type: Partial<Component['type']> = {}): Component => ({
  id: '88888888-8888-4888-8888-888888888888',
  type: {
    id: '77777777-7777-4777-8777-777777777777',
    name: 'Sonda',
    enabled: true,
    companyId: providerId,
    shared: true,
    ...type,
  },
  serial: 'C-1',
  values: {},
  state: 'Inactive',
  device: null,
  point: null,
  ...timestamps,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

describe('the component type form', () => {
  it('asks to select magnitude, measure type and company, then sends their keys', async () => {
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(savedType(JSON.parse(String(init.body)) as Record<string, unknown>), 201)
        : json({ rows: [], total: 0 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await renderAs(<ComponentTypeFormModal type={null} onClose={vi.fn()} />, [...admin], '/', { companies });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sonda radar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const label of ['Magnitude', 'Measure type', 'Company']) {
      const select = within(dialog).getByRole('combobox', { name: new RegExp(label) });
      expect(select).toHaveAttribute('aria-invalid', 'true');
    }
    expect(within(dialog).getAllByText('This is a required field')).toHaveLength(3);
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'POST' }));

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Magnitude/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Flow rate' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Measure type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Current 4-20 mA' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Company/ }));
    // the current company and the provider, whose types every company shares
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Aguas del Norte', 'Aforo Proveedor (shared with every company)']);
    await userEvent.click(await screen.findByRole('option', { name: 'Aguas del Norte' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'POST' })),
    );
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      name: 'Sonda radar',
      magnitude: 'flow_rate',
      measureType: 'current_4_20',
      companyId: companyA,
    });
  });
});

describe('installing a component', () => {
  const point: Point = {
    id: pointId,
    companyId: companyA,
    name: 'Río Ebro',
    address: null,
    latitude: 41.65,
    longitude: -0.88,
    kind: 'river',
    groundLevel: null,
    invertLevel: null,
    measureTime: 900,
    transmissionTime: 3600,
    measuresForAvg: 1,
    alertValue: null,
    warningValue: null,
    alertOnDelay: 1,
    alertOffDelay: 1,
    alertDeadband: null,
    levelDifference: 0,
    value4mA: null,
    value20mA: null,
    unit: 'm',
    test: false,
    alertFlat: true,
    defaultAmountMeasuresFlat: 10,
    defaultAmountGapMeasureExceed: 3,
    public: false,
    favorite: false,
    parameters: {},
    device: null,
    layers: [],
    latest: null,
    level: null,
    deletedAt: null,
    ...timestamps,
  };
  const points = { rows: [point], total: 1 };

  it('confirms a replacement with the SET1008 text and resends with force', async () => {
    const message = 'A component of this type is already installed at this point; confirm to replace it.';
    const fetchSpy = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return json(points);
      const body = JSON.parse(String(init.body)) as { force: boolean };
      if (!body.force) return json({ code: 'SET1008', message }, 409);
      return json({ ...component(), state: 'Installed', point: { id: pointId, name: 'Río Ebro' } });
    });
    vi.stubGlobal('fetch', fetchSpy);
    await renderAs(<InstallComponentModal component={component()} onClose={vi.fn()} />, [...admin]);
    await userEvent.click(await screen.findByRole('combobox', { name: /Point/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Río Ebro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await vi.waitFor(() => {
      const bodies = fetchSpy.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
      expect(bodies).toEqual([
        { pointId, force: false },
        { pointId, force: true },
      ]);
    });
  });

  it('lists no point for a type of another company than the current one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(points)),
    );
    await renderAs(
      <InstallComponentModal
        component={component({ companyId: companyB, shared: false })}
        onClose={vi.fn()}
      />,
      [...admin],
    );
    expect(
      await screen.findByText(
        'This type belongs to another company: select that company to install its components.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /Point/ }));
    expect(screen.queryByRole('option', { name: 'Río Ebro' })).not.toBeInTheDocument();
  });
});
