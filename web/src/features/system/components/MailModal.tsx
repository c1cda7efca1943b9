import { Alert, Group, Loader, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Mail } from '@aforo/contracts/mail-outbox';
import { useTimeFormat } from '../../../lib/time';
import { LabeledValue } from '../../../ui/LabeledValue';
import { useMailQuery } from '../api';
import { MailStatusBadge } from './MailStatusBadge';
import { MailText } from './MailText';

export interface MailModalProps {
  mailId: string;
  /** The row already loaded by the list, shown while the full mail loads. */
  initial?: Mail;
  onClose: () => void;
}

/** One mail of the outbox: who, when, subject, status and its full text. */
export function MailModal({ mailId, initial, onClose }: MailModalProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const query = useMailQuery(mailId);
  const mail = query.data ?? initial;
  return (
    <Modal opened onClose={onClose} size="xl" title={mail?.subject ?? t('system.outbox.mail')} centered>
      {!mail && query.isPending && (
        <Group justify="center" p="xl">
          <Loader type="dots" />
        </Group>
      )}
      {!mail && query.error && (
        <Alert color="red" variant="light" role="alert">
          {query.error.message}
        </Alert>
      )}
      {mail && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <LabeledValue label={t('system.outbox.to')}>{mail.to}</LabeledValue>
            <LabeledValue label={t('system.outbox.createdAt')}>{time.dateTime(mail.createdAt)}</LabeledValue>
            <LabeledValue label={t('system.outbox.status')}>
              <MailStatusBadge status={mail.status} />
            </LabeledValue>
          </SimpleGrid>
          {mail.error && (
            <Alert color="red" variant="light">
              {mail.error}
            </Alert>
          )}
          <MailText text={mail.text} />
        </Stack>
      )}
    </Modal>
  );
}
