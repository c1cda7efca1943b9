import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Mail } from '@aforo/contracts/mail-outbox';

const colours: Record<Mail['status'], string> = { outbox: 'blue', sent: 'teal', failed: 'red' };

export function MailStatusBadge({ status }: { status: Mail['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colours[status]}>
      {t(`system.outbox.statuses.${status}`)}
    </Badge>
  );
}
