import { Alert, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Mail } from '@aforo/contracts/mail-outbox';
import { useTimeFormat } from '../../../lib/time';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { useMailsQuery } from '../api';
import { MailModal } from '../components/MailModal';
import { MailStatusBadge } from '../components/MailStatusBadge';

const listOptions: ListUrlOptions<'created_at'> = { orders: ['created_at'], defaultOrder: 'created_at' };

/** /app/system/mail-outbox (ADMIN): the mails the app has queued, newest first; a click shows one. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const query = useMailsQuery({ page: list.page, length: list.length, order: 'created_at', dir: 'DESC' });
  const [params, setParams] = useSearchParams();
  const openMailId = params.get('mail');

  const setOpenMail = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('mail', id);
      else next.delete('mail');
      return next;
    });

  const columns: DataTableColumn<Mail>[] = [
    {
      accessor: 'createdAt',
      title: t('system.outbox.createdAt'),
      width: 170,
      render: (mail) => time.dateTime(mail.createdAt),
    },
    { accessor: 'to', title: t('system.outbox.to') },
    {
      accessor: 'subject',
      title: t('system.outbox.subject'),
      render: (mail) => (
        <Text size="sm" fw={500}>
          {mail.subject}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('system.outbox.status'),
      // the longest status ("EN BANDEJA", "IN OUTBOX") whole, never cut to "EN BANDEJ…"
      width: 150,
      render: (mail) => <MailStatusBadge status={mail.status} />,
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader title={t('screens.mailOutbox')} description={t('system.outbox.description')} />
      <Alert color="blue" variant="light" data-testid="outbox-links-note">
        {t('system.outbox.linksNote')}
      </Alert>
      <DataTable
        label={t('screens.mailOutbox')}
        columns={columns}
        records={query.data?.rows}
        total={query.data?.total}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        length={list.length}
        onPageChange={list.setPage}
        onLengthChange={list.setLength}
        onRowClick={(mail) => setOpenMail(mail.id)}
      />
      {openMailId && (
        <MailModal
          mailId={openMailId}
          initial={query.data?.rows.find((mail) => mail.id === openMailId)}
          onClose={() => setOpenMail(null)}
        />
      )}
    </Stack>
  );
}
