import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { alertAcknowledgeSchema } from '@aforo/contracts/alerts';
import { schemaValidator } from '../../../lib/form-validation';
import { useAcknowledgeAlertMutation, useBulkAcknowledgeMutation } from '../api';
import { AlertActionModal } from './AlertActionModal';

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

  return (
    <AlertActionModal
      ids={ids}
      onClose={onClose}
      onDone={onDone}
      form={form}
      title={t('alerts.dialogs.acknowledgeTitle', { count: ids.length })}
      hint={t('alerts.dialogs.acknowledgeHint')}
      submitLabel={t('alerts.actions.acknowledge')}
      doneMessage={t('alerts.done.acknowledged')}
      one={one}
      bulk={bulk}
      toBody={({ comment }) => alertAcknowledgeSchema.parse({ comment })}
    >
      <Textarea
        label={t('alerts.fields.comment')}
        rows={3}
        data-autofocus
        {...form.getInputProps('comment')}
      />
    </AlertActionModal>
  );
}
