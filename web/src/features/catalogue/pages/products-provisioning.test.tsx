import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@aforo/contracts/products';
import { renderAs, resetSession, timestamps } from '../test-utils';
import { ProductsPage } from './ProductsPage';

const productId = '6c2e1d9f-2a8b-4d66-8b62-1e3c7a4b0f01';
const newKey = 'Zm9vYmFyYmF6cXV4LXByb3Zpc2lvbmluZy1rZXk';

function product(hasProvisioningKey: boolean): Product {
  return {
    id: productId,
    code: 'AFR-LVL',
    name: 'River level station',
    models: [],
    devices: 3,
    hasProvisioningKey,
    ...timestamps,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The products list, and the two provisioning-key calls of the product; anything else 404. */
function stubProducts(row: Product) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.startsWith('/api/products?')) return json({ rows: [row], total: 1 });
    if (url === `/api/products/${productId}/provisioning-key`) {
      if (method === 'POST') return json({ key: newKey });
      if (method === 'DELETE') return json({ ok: true });
    }
    return json({ code: 'N1000', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

const keyCalls = (spy: ReturnType<typeof stubProducts>) =>
  spy.mock.calls
    .filter(([input]) => String(input).endsWith('/provisioning-key'))
    .map(([, init]) => init?.method);

async function openMenu(): Promise<string[]> {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for River level station' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
}

afterEach(() => {
  cleanup();
  resetSession();
});

describe('products: provisioning key', () => {
  it('confirms, generates the key and shows it once with a copy button', async () => {
    const fetchSpy = stubProducts(product(false));
    await renderAs(<ProductsPage />, ['ROLE_CHIEF']);
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(await within(table).findByText('Off')).toBeInTheDocument();

    // no key yet: nothing to turn off
    expect(await openMenu()).toEqual(['Edit', 'Provisioning key', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Provisioning key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Provisioning key' });
    expect(within(confirm).getByText(/register themselves as "Unconfigured"/)).toBeInTheDocument();
    expect(keyCalls(fetchSpy)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Generate key' }));

    const shown = await screen.findByRole('dialog', { name: 'Provisioning key of River level station' });
    expect(within(shown).getByTestId('device-key')).toHaveTextContent(newKey);
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByText(/New devices of product AFR-LVL connect/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(keyCalls(fetchSpy)).toEqual(['POST']);
  });

  it('warns that a new key replaces the previous one, and turns self-registration off', async () => {
    const fetchSpy = stubProducts(product(true));
    await renderAs(<ProductsPage />, ['ROLE_ADMIN']);
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(await within(table).findByText('On')).toBeInTheDocument();

    expect(await openMenu()).toEqual(['Edit', 'Provisioning key', 'Turn self-registration off', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Provisioning key' }));
    const regenerate = await screen.findByRole('dialog', { name: 'Provisioning key' });
    expect(within(regenerate).getByText(/the previous one will stop working/)).toBeInTheDocument();
    await userEvent.click(within(regenerate).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Turn self-registration off' }));
    const revoke = await screen.findByRole('dialog', { name: 'Turn self-registration off' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'Turn self-registration off' }));
    // the dialog closes once the call succeeded (a refusal would keep it open)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(keyCalls(fetchSpy)).toEqual(['DELETE']);
  });
});
