import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { buildRiverLevel } from '../river-level.fixture';
import { RiverLevelCard } from './RiverLevelCard';

describe('RiverLevelCard', () => {
  it('shows the level, the trend in m/h, the bands, the ground, the typical range and the record', async () => {
    const { container } = renderWithProviders(<RiverLevelCard level={buildRiverLevel()} />);
    expect(await screen.findByTestId('river-level-value')).toHaveTextContent('2.6 m');
    expect(container.querySelector('[data-trend="up"]')).toHaveTextContent('↑ +0.60 m/h');
    expect(container.querySelector('[data-band="danger"]')).not.toBeNull();
    expect(container.querySelector('[data-band="warning"]')).not.toBeNull();
    expect(container.querySelector('[data-mark="ground"]')).toHaveTextContent('Ground 5');
    expect(container.querySelector('[data-mark="record"]')).toHaveTextContent('Record 4.8');
    expect(screen.getByTestId('river-level-typical')).toBeInTheDocument();
    expect(screen.getByText(/Typical range \(12 months\): 1.1 – 1.9 m/)).toBeInTheDocument();
    expect(container.querySelector('[data-banner]')).toBeNull();
    expect(screen.getByTestId('river-level-gauge').getAttribute('style') ?? '').not.toContain('grayscale');
  });

  it('greys a stale reading and says how old it is, with no trend', async () => {
    const ts = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const level = buildRiverLevel({
      current: { value: 2.6, ts, flag: 1 },
      state: { stale: true, suspect: false, failed: false, maintenance: false },
    });
    const { container } = renderWithProviders(<RiverLevelCard level={level} />);
    expect(await screen.findByText('Last reading 3 hours ago')).toBeInTheDocument();
    expect(container.querySelector('[data-trend="none"]')).not.toBeNull();
    expect(screen.getByTestId('river-level-gauge').getAttribute('style')).toContain('grayscale');
  });

  it('marks suspect and failed values, maintenance and a point without data', async () => {
    const suspect = buildRiverLevel({
      state: { stale: false, suspect: true, failed: false, maintenance: true },
    });
    const first = renderWithProviders(<RiverLevelCard level={suspect} />);
    expect(await screen.findByText('Suspect value')).toBeInTheDocument();
    expect(screen.getByText('Device in maintenance')).toBeInTheDocument();
    first.unmount();
    const failed = buildRiverLevel({
      state: { stale: false, suspect: false, failed: true, maintenance: false },
    });
    const second = renderWithProviders(<RiverLevelCard level={failed} />);
    expect(await screen.findByText('Failed value (sensor fault)')).toBeInTheDocument();
    second.unmount();
    renderWithProviders(
      <RiverLevelCard
        level={buildRiverLevel({
          current: null,
          state: { stale: true, suspect: false, failed: false, maintenance: false },
        })}
      />,
    );
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByTestId('river-level-value')).toHaveTextContent('—');
  });
});
