import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { alertAcknowledgeSchema } from '@aforo/contracts/alerts';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useAcknowledgeAlertMutation, useBulkAcknowledgeMutation } from '../api';

interface Values {
  comment: string;
}

export interface AcknowledgeModalProps {
  /** One alert (its own call) or several (the bulk call). */
  ids: string[];
  onClose: () => void;
  /** After a successful save (the page clears its selection). */
  onDone?: () => void;
}

/** Acknowledge one or several alerts with an optional comment. */
export function AcknowledgeModal({ ids, onClose, onDone }: AcknowledgeModalProps) {
  const { t } = useTranslation();
  const one = useAcknowledgeAlertMutation();
  const bulk = useBulkAcknowledgeMutation();
  const form = useForm<Values>({
    initialValues: { comment: '' },
    validate: schemaValidator<Values>(alertAcknowledgeSchema),
  });
  const finish = (message: string) => {
    showToast('success', message);
    onDone?.();
    onClose();
  };
  const onError = (error: Error) => {
    if (!applyServerError(form, error)) showToast('error', error.message);
  };

  const handleSubmit = ({ comment }: Values) => {
    const body = alertAcknowledgeSchema.parse({ comment });
    if (ids.length === 1)
      one.mutate(
        { id: ids[0]!, ...body },
        { onSuccess: () => finish(t('alerts.done.acknowledged')), onError },
      );
    else
      bulk.mutate(
        { ids, ...body },
        { onSuccess: (result) => finish(t('alerts.done.bulk', result)), onError },
      );
  };

  return (
    <FormModal
      opened
      title={t('alerts.dialogs.acknowledgeTitle', { count: ids.length })}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={one.isPending || bulk.isPending}
      submitLabel={t('alerts.actions.acknowledge')}
    >
      <Text size="sm" c="dimmed">
        {t('alerts.dialogs.acknowledgeHint')}
      </Text>
      <Textarea
        label={t('alerts.fields.comment')}
        rows={3}
        data-autofocus
        {...form.getInputProps('comment')}
      />
    </FormModal>
  );
}
