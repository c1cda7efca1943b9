import { Alert, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '@aforo/contracts/errors';
import { agreedCauses } from '@aforo/contracts/report-exclusions';
import type { AgreedCause, ExclusionKind } from '@aforo/contracts/report-exclusions';
import type { ReportPoint } from '@aforo/contracts/reports';
import { useSession } from '../../../lib/session';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useCreateExclusionMutation } from '../exclusions-api';
import { isDay } from '../report-period';

export interface ExclusionFormProps {
  point: Pick<ReportPoint, 'pointId' | 'name' | 'companyId'>;
  kind: ExclusionKind;
  /** The day it opens on: from and to, which may be widened to a range. */
  day: string;
  onClose: () => void;
}

/**
 * "Exclude by agreement" / "Annotate" (ADMIN, CHIEF; docs/REPORTS.md "Agreed exclusions and
 * notes"): a point's day or range, the cause, a comment and a reference to the evidence.
 */
export function ExclusionForm({ point, kind, day, onClose }: ExclusionFormProps) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const create = useCreateExclusionMutation();
  const [from, setFrom] = useState(day);
  const [to, setTo] = useState(day);
  const [cause, setCause] = useState<AgreedCause | null>(null);
  const [comment, setComment] = useState('');
  const [attachmentRef, setAttachmentRef] = useState('');
  const [tried, setTried] = useState(false);
  const orderError = isDay(from) && isDay(to) && from > to ? t('reports.agreed.order') : null;
  const required = (ok: boolean) => (tried && !ok ? fieldMessage('required', language) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!cause || !isDay(from) || !isDay(to) || orderError) return;
    create.mutate(
      {
        companyId: point.companyId,
        body: {
          pointId: point.pointId,
          kind,
          from,
          to,
          cause,
          comment: comment.trim() || null,
          attachmentRef: attachmentRef.trim() || null,
        },
      },
      {
        onSuccess: () => {
          showToast('success', t(`reports.agreed.saved.${kind}`));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={t(`reports.agreed.formTitle.${kind}`)}
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      submitLabel={t(kind === 'exclusion' ? 'reports.agreed.exclude' : 'reports.agreed.annotate')}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('reports.agreed.point')}: <b>{point.name}</b>
        </Text>
        <Text size="xs" c="dimmed">
          {t(`reports.agreed.formHint.${kind}`)}
        </Text>
        <Group grow align="flex-start">
          <DateTimeInput
            withTime={false}
            label={t('reports.agreed.from')}
            value={from}
            onChange={setFrom}
            withAsterisk
            error={required(isDay(from))}
          />
          <DateTimeInput
            withTime={false}
            label={t('reports.agreed.to')}
            value={to}
            onChange={setTo}
            withAsterisk
            error={required(isDay(to)) ?? orderError}
          />
        </Group>
        <Select
          label={t('reports.agreed.cause')}
          data={agreedCauses.map((c) => ({ value: c, label: t(`reports.agreed.causes.${c}`) }))}
          value={cause}
          onChange={(value) => setCause(value as AgreedCause | null)}
          withAsterisk
          error={required(cause !== null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('reports.agreed.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          maxLength={1000}
          rows={2}
        />
        <TextInput
          label={t('reports.agreed.attachmentRef')}
          description={t('reports.agreed.attachmentHint')}
          value={attachmentRef}
          onChange={(e) => setAttachmentRef(e.currentTarget.value)}
          maxLength={300}
        />
        {create.error && (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        )}
      </Stack>
    </FormModal>
  );
}
