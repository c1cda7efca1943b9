/** Toasts of docs/WEB.md: success, error, warning, info; they vanish after toastTimeoutMs (5 s). */
import { notifications } from '@mantine/notifications';
import { toastTimeoutMs } from '@aforo/contracts/constants';
import { i18n } from '../lib/i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const colours: Record<ToastType, string> = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

export interface ToastOptions {
  /** A toast with an id shows once while it is on screen: asking again adds nothing. */
  id?: string;
}

export function showToast(
  type: ToastType,
  message: string,
  title?: string,
  options: ToastOptions = {},
): string {
  return notifications.show({
    ...(options.id ? { id: options.id } : {}),
    title: title ?? i18n.t(`common.toast.${type}`),
    message,
    color: colours[type],
    autoClose: toastTimeoutMs,
    withBorder: true,
    'data-toast-type': type,
  });
}
