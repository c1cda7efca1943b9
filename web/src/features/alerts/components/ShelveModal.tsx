import { Group, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertShelveSchema, maxShelveDays } from '@aforo/contracts/alerts';
import { schemaErrors } from '../../../lib/form-validation';
import { useTimeFormat } from '../../../lib/time';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { useBulkShelveMutation, useShelveAlertMutation } from '../api';
import { AlertActionModal } from './AlertActionModal';

interface Values {
  /** "2026-11-21T10:05" on the company's clock (ui/DateTimeInput's value). */
  until: string;
  reason: string;
}

const hourMs = 3_600_000;
const presets = [1, 8, 24, 72] as const;

export interface ShelveModalProps {
  ids: string[];
  onClose: () => void;
  onDone?: () => void;
}

/** Shelve one or several alerts until a time (≤ 30 days, on the company's clock) with a reason. */
export function ShelveModal({ ids, onClose, onDone }: ShelveModalProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const one = useShelveAlertMutation();
  const bulk = useBulkShelveMutation();
  const [initialUntil] = useState(() => time.toInput(new Date(Date.now() + 8 * hourMs).toISOString()));
  const form = useForm<Values>({
    initialValues: { until: initialUntil, reason: '' },
    validate: (values) => {
      const until = values.until ? time.fromInput(values.until) : null;
      const errors = schemaErrors(alertShelveSchema, { until: until ?? values.until, reason: values.reason });
      if (!errors.until && until) {
        const ms = Date.parse(until);
        if (ms <= Date.now()) errors.until = t('alerts.dialogs.untilPast');
        else if (ms > Date.now() + maxShelveDays * 24 * hourMs)
          errors.until = t('alerts.dialogs.untilTooFar', { days: maxShelveDays });
      }
      return errors;
    },
  });

  return (
    <AlertActionModal
      ids={ids}
      onClose={onClose}
      onDone={onDone}
      form={form}
      title={t('alerts.dialogs.shelveTitle', { count: ids.length })}
      hint={t('alerts.dialogs.shelveHint', { days: maxShelveDays })}
      submitLabel={t('alerts.actions.shelve')}
      doneMessage={t('alerts.done.shelved')}
      one={one}
      bulk={bulk}
      toBody={(values) => ({ until: time.fromInput(values.until)!, reason: values.reason.trim() })}
    >
      <DateTimeInput label={t('alerts.fields.until')} withAsterisk {...form.getInputProps('until')} />
      <Group gap={6}>
        {presets.map((hours) => (
          <Text
            key={hours}
            component="button"
            type="button"
            size="xs"
            c="blue"
            style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0 }}
            onClick={() =>
              form.setFieldValue('until', time.toInput(new Date(Date.now() + hours * hourMs).toISOString()))
            }
          >
            +{hours} h
          </Text>
        ))}
      </Group>
      <Textarea
        label={t('alerts.fields.reason')}
        withAsterisk
        rows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </AlertActionModal>
  );
}
