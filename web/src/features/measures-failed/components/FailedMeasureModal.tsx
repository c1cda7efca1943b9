import { Alert, Loader, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../../lib/time';
import { LabeledValue } from '../../../ui/LabeledValue';
import { useFailedMeasureQuery } from '../api';
import { useFailureDetailText } from '../failure-detail';
import { reasonKey } from '../payload';
import { PayloadViewer } from './PayloadViewer';

/** One refused message: where it came from, why it was refused and what arrived. */
export function FailedMeasureModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const query = useFailedMeasureQuery(id);
  const row = query.data;
  const detailText = useFailureDetailText();
  return (
    <Modal opened onClose={onClose} title={t('telemetry.failed.detailTitle')} size="xl">
      {query.isPending && <Loader type="dots" />}
      {query.error && (
        <Alert color="red" variant="light" role="alert">
          {query.error.message}
        </Alert>
      )}
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label={t('telemetry.failed.fields.reason')}>
              {t(reasonKey(row.reason), { defaultValue: row.reason })}
            </LabeledValue>
            <LabeledValue label={t('telemetry.fields.receivedAt')}>
              {time.timestamp(row.receivedAt)}
            </LabeledValue>
            <LabeledValue label={t('telemetry.failed.fields.serial')}>{row.serial ?? '—'}</LabeledValue>
            <LabeledValue label={t('telemetry.fields.topic')}>{row.topic ?? '—'}</LabeledValue>
            <LabeledValue label={t('telemetry.failed.fields.detail')}>{detailText(row)}</LabeledValue>
            <LabeledValue label={t('telemetry.failed.fields.measureIndex')}>
              {row.measureIndex ?? '—'}
            </LabeledValue>
          </SimpleGrid>
          <PayloadViewer payload={row.payload} />
        </Stack>
      )}
    </Modal>
  );
}
