import { Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@aforo/contracts/alerts';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';

export interface AlertActionModalProps<V, B> {
  /** One alert (its own call) or several (the bulk call). */
  ids: string[];
  onClose: () => void;
  /** After a successful save (the page clears its selection). */
  onDone?: () => void;
  form: UseFormReturnType<V>;
  title: string;
  hint: string;
  submitLabel: string;
  /** The toast after one alert's call; the bulk call's toast counts changed and skipped. */
  doneMessage: string;
  one: UseMutationResult<Alert, Error, { id: string } & B>;
  bulk: UseMutationResult<{ changed: number; skipped: number }, Error, { ids: string[] } & B>;
  /** The request body from valid form values. */
  toBody: (values: V) => B;
  children: ReactNode;
}

/**
 * The frame shared by the operator's actions on alerts (acknowledge, shelve): a hint, the fields,
 * one call for one alert or the bulk call for several, a toast and close on success, and server
 * errors on their fields (else as a toast).
 */
export function AlertActionModal<V, B>({
  ids,
  onClose,
  onDone,
  form,
  title,
  hint,
  submitLabel,
  doneMessage,
  one,
  bulk,
  toBody,
  children,
}: AlertActionModalProps<V, B>) {
  const { t } = useTranslation();
  const finish = (message: string) => {
    showToast('success', message);
    onDone?.();
    onClose();
  };
  const onError = (error: Error) => {
    if (!applyServerError(form, error)) showToast('error', error.message);
  };

  const handleSubmit = (values: V) => {
    const body = toBody(values);
    if (ids.length === 1)
      one.mutate({ id: ids[0]!, ...body }, { onSuccess: () => finish(doneMessage), onError });
    else
      bulk.mutate(
        { ids, ...body },
        { onSuccess: (result) => finish(t('alerts.done.bulk', result)), onError },
      );
  };

  return (
    <FormModal
      opened
      title={title}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={one.isPending || bulk.isPending}
      submitLabel={submitLabel}
    >
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
    </FormModal>
  );
}
