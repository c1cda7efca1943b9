import { createContext } from 'react';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  /** Mantine colour of the confirm button, e.g. 'red' for destructive actions. */
  color?: string;
  /** Runs while the dialog shows its processing label; a rejection keeps the dialog open. */
  onConfirm: () => Promise<unknown> | unknown;
}

export type OpenConfirm = (options: ConfirmOptions) => void;

export const ConfirmContext = createContext<OpenConfirm | null>(null);
