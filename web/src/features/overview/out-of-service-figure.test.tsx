/** The overview's out-of-service figures open the devices list filtered to those devices. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OutOfServiceFigure } from './components/OutOfServiceFigure';

afterEach(cleanup);

describe('out-of-service figure', () => {
  it('links the company’s figure to its devices list, filtered', async () => {
    renderWithProviders(
      <OutOfServiceFigure
        count={3}
        label="under 24 h"
        colour="orange"
        transmission="out_of_service_under_24h"
        network={false}
      />,
    );
    const link = await screen.findByRole('link', { name: /3\s*under 24 h/ });
    expect(link).toHaveAttribute('href', '/app/operation/devices?transmission=out_of_service_under_24h');
  });

  it('links the network’s figure to the register of every company’s devices', async () => {
    renderWithProviders(
      <OutOfServiceFigure
        count={0}
        label="over 24 h"
        colour="red"
        transmission="out_of_service_over_24h"
        network
      />,
    );
    const link = await screen.findByRole('link', { name: /0\s*over 24 h/ });
    expect(link).toHaveAttribute('href', '/app/administration/devices?transmission=out_of_service_over_24h');
  });
});
