import { SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeliveriesView } from '../components/DeliveriesView';
import { NotificationConfigsView } from '../components/NotificationConfigsView';

const views = ['configs', 'deliveries'] as const;

/** /app/accounts/notifications (ADMIN, ADMIN_CLIENTE): the configurations, or their delivery log (?view=deliveries). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'deliveries' ? 'deliveries' : 'configs';
  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={view}
        // each view has its own list state: a switch starts from a clean URL
        onChange={(next) => setParams(next === 'configs' ? {} : { view: next })}
        data={views.map((v) => ({ value: v, label: t(`notifications.views.${v}`) }))}
      />
      {view === 'configs' ? <NotificationConfigsView /> : <DeliveriesView />}
    </Stack>
  );
}
