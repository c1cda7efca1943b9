import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brand } from '@aforo/contracts/brands';
import type { Product } from '@aforo/contracts/products';
import { brandId, renderAs, resetSession, stubApi, timestamps } from '../test-utils';
import { BrandsPage } from './BrandsPage';
import { ProductsPage } from './ProductsPage';

const brands: Brand[] = [
  { id: brandId, abbreviation: 'HYD', description: 'Hydrotech sensors', models: 3, ...timestamps },
  {
    id: '5b1d0c8e-1f7a-4c55-9a51-0d2b6f3a9e02',
    abbreviation: 'SEB',
    description: null,
    models: 0,
    ...timestamps,
  },
];

const products: Product[] = [
  {
    id: '6c2e1d9f-2a8b-4d66-8b62-1e3c7a4b0f01',
    code: 'AFR-LVL',
    name: 'River level station',
    models: [{ id: '7d3f2eaf-3b9c-4e77-9c73-2f4d8b5c1a01', name: 'LX-200' }],
    devices: 12,
    hasProvisioningKey: false,
    ...timestamps,
  },
];

afterEach(() => {
  cleanup();
  resetSession();
});

describe('catalogue list pages', () => {
  it('lists the brands from the server, sorted by abbreviation, with actions for an admin', async () => {
    const fetchSpy = stubApi({ brands });
    await renderAs(<BrandsPage />, ['ROLE_ADMIN']);
    const table = await screen.findByRole('table', { name: 'Brands' });
    expect(await within(table).findByText('HYD')).toBeInTheDocument();
    expect(within(table).getByText('Hydrotech sensors')).toBeInTheDocument();
    expect(within(table).getByText('SEB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New brand' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for HYD' })).toBeInTheDocument();
    const calls = fetchSpy.mock.calls.map(([input]) => String(input));
    expect(calls).toContain('/api/brands?page=1&length=25&order=abbreviation&dir=ASC');
  });

  it('shows a VIEWER the products read-only: no create button, no row actions', async () => {
    stubApi({ products, models: [] });
    await renderAs(<ProductsPage />, ['ROLE_VIEWER']);
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(await within(table).findByText('River level station')).toBeInTheDocument();
    expect(within(table).getByText('AFR-LVL')).toBeInTheDocument();
    expect(within(table).getByText('LX-200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('gives a CHIEF the create button on products', async () => {
    stubApi({ products, models: [] });
    await renderAs(<ProductsPage />, ['ROLE_CHIEF']);
    expect(await screen.findByRole('button', { name: 'New product' })).toBeInTheDocument();
  });
});
