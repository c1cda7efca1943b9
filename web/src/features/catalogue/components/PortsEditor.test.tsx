import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brand } from '@aforo/contracts/brands';
import type { Model } from '@aforo/contracts/models';
import { brandId, renderAs, resetSession, stubApi, timestamps } from '../test-utils';
import { ModelFormModal } from './ModelFormModal';

const brands: Brand[] = [{ id: brandId, abbreviation: 'HYD', description: null, models: 0, ...timestamps }];

afterEach(() => {
  cleanup();
  resetSession();
});

async function openNewModel() {
  const fetchSpy = stubApi({ brands });
  await renderAs(<ModelFormModal model={null} onClose={() => undefined} />, ['ROLE_ADMIN']);
  const dialog = await screen.findByRole('dialog', { name: 'New model' });
  return { dialog, fetchSpy };
}

const rows = (dialog: HTMLElement) => within(dialog).queryAllByTestId('port-row');

async function chooseType(dialog: HTMLElement, n: number, type: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: `Type of port ${n}` }));
  await userEvent.click(await screen.findByRole('option', { name: type }));
}

describe('the ports editor of a model', () => {
  it('starts with one port and adds and removes ports, keeping keys unique', async () => {
    const { dialog } = await openNewModel();
    expect(rows(dialog)).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Key of port 1' })).toHaveValue('ai1');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add port' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add port' }));
    expect(rows(dialog)).toHaveLength(3);
    expect(within(dialog).getByRole('textbox', { name: 'Key of port 3' })).toHaveValue('ai3');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove port 1' }));
    expect(rows(dialog)).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Key of port 1' })).toHaveValue('ai2');
    // the next new port takes a key not in use
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add port' }));
    expect(within(dialog).getByRole('textbox', { name: 'Key of port 3' })).toHaveValue('ai4');
  });

  it('refuses a model without ports, with blank port fields or with repeated keys', async () => {
    const { dialog, fetchSpy } = await openNewModel();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove port 1' }));
    expect(within(dialog).getByText('No ports yet.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one port.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add port' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add port' }));
    const key2 = within(dialog).getByRole('textbox', { name: 'Key of port 2' });
    await userEvent.clear(key2);
    await userEvent.type(key2, 'ai1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // under the list and on the repeated key
    expect(await within(dialog).findAllByText('Each port needs a different key.')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: 'Key of port 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // blank labels and types are required
    expect(within(dialog).getByRole('textbox', { name: 'Label of port 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the ports without their row keys', async () => {
    const { dialog, fetchSpy } = await openNewModel();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Brand' }));
    await userEvent.click(await screen.findByRole('option', { name: 'HYD' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'LX-200');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type of port 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Radar' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label of port 1' }), 'Level');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/models');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      brandId,
      name: 'LX-200',
      ports: [{ key: 'ai1', type: 'radar', label: 'Level' }],
    });
  });

  it('asks for sentinel values on radar and ultrasonic ports only', async () => {
    const { dialog } = await openNewModel();
    const sentinels = () => within(dialog).queryByRole('textbox', { name: 'Sentinel values of port 1' });
    expect(sentinels()).toBeNull();
    await chooseType(dialog, 1, 'Pressure');
    expect(sentinels()).toBeNull();
    await chooseType(dialog, 1, 'Radar');
    expect(sentinels()).toHaveValue('');
  });

  it('shows the sentinel values of a model being edited, refuses a bad list and sends numbers', async () => {
    const fetchSpy = stubApi({ brands });
    const model: Model = {
      id: '7d3f2eaf-3b9c-4e77-9c73-2f4d8b5c1a01',
      brand: { id: brandId, abbreviation: 'HYD' },
      name: 'LX-200',
      ports: [
        { key: 'ai1', type: 'radar', label: 'Level', sentinels: [-9999, 0.5] },
        { key: 'ai2', type: 'ultrasonic', label: 'Level 2' },
        { key: 'ai3', type: 'pressure', label: 'Pressure' },
      ],
      devices: 0,
      ...timestamps,
    };
    await renderAs(<ModelFormModal model={model} onClose={() => undefined} />, ['ROLE_ADMIN']);
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    const sentinels = (n: number) =>
      within(dialog).queryByRole('textbox', { name: `Sentinel values of port ${n}` });
    const enter = async (n: number, text: string) => {
      await userEvent.clear(sentinels(n)!);
      if (text) {
        await userEvent.click(sentinels(n)!);
        await userEvent.paste(text);
      }
    };
    expect(sentinels(1)).toHaveValue('-9999, 0.5');
    expect(sentinels(2)).toHaveValue('');
    expect(sentinels(3)).toBeNull();

    // not a list of numbers, or too many: refused on the field, nothing sent
    await enter(1, '-9999, none');
    await enter(2, '1 2 3 4 5 6 7 8 9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Enter numbers separated by commas or spaces, with a decimal point (e.g. -9999, 0).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('At most 8 sentinel values.')).toBeInTheDocument();
    expect(sentinels(1)).toHaveAttribute('aria-invalid', 'true');
    const puts = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await enter(1, '-9999, 0 ,-1.5e3');
    await enter(2, '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    // a blank list is left out
    expect(JSON.parse(String(puts()[0]?.[1]?.body)).ports).toEqual([
      { key: 'ai1', type: 'radar', label: 'Level', sentinels: [-9999, 0, -1500] },
      { key: 'ai2', type: 'ultrasonic', label: 'Level 2' },
      { key: 'ai3', type: 'pressure', label: 'Pressure' },
    ]);
  });
});
