import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { useConfirm } from './useConfirm';

function DeleteButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const confirm = useConfirm();
  return (
    <button onClick={() => confirm({ title: 'Delete brand?', message: 'It cannot be undone.', onConfirm })}>
      delete
    </button>
  );
}

describe('ConfirmDialog', () => {
  it('shows the processing label while the action runs, then closes', async () => {
    await act(() => i18n.changeLanguage('en'));
    let finish: () => void = () => undefined;
    const action = () => new Promise<void>((resolve) => (finish = resolve));
    renderWithProviders(<DeleteButton onConfirm={action} />);
    const user = userEvent.setup();

    await user.click(await screen.findByText('delete'));
    expect(await screen.findByText('Delete brand?')).toBeInTheDocument();
    expect(screen.getByText('It cannot be undone.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await act(async () => finish());
    expect(screen.queryByText('Delete brand?')).not.toBeInTheDocument();
  });

  it('closes on cancel without running the action', async () => {
    await act(() => i18n.changeLanguage('en'));
    let ran = false;
    renderWithProviders(<DeleteButton onConfirm={async () => void (ran = true)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByText('delete'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Delete brand?')).not.toBeInTheDocument();
    expect(ran).toBe(false);
  });
});
