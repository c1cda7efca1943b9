import { useContext } from 'react';
import { ConfirmContext } from './confirm-context';
import type { OpenConfirm } from './confirm-context';

/** Opens the confirmation dialog of docs/WEB.md. */
export function useConfirm(): OpenConfirm {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return open;
}
