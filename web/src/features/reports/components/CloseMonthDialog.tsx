import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Closure } from '@aforo/contracts/report-closures';
import { useSession } from '../../../lib/session';
import { pickerLocales } from '../../../ui/DateTimeInput';
import { showToast } from '../../../ui/toasts';
import { useCloseMonthMutation } from '../closures-api';
import { useReportFormat } from '../use-report-format';

export interface CloseMonthDialogProps {
  /** The client companies a month may be closed for ("Canal del Norte S.A."). */
  companies: { value: string; label: string }[];
  companyId: string | null;
  /** "2026-10". */
  month: string;
  /** The latest month that may be closed (the previous one: the current one has not ended). */
  maxMonth: string;
  /** The monthly screen closes the month it shows: company and month are not chosen. */
  fixed?: boolean;
  onClose: () => void;
  onClosed?: (closure: Closure) => void;
}

/**
 * "Close month" (docs/REPORTS.md "Month close and revisions"): a company and an ended month, and
 * what closing means — the figures frozen, any later change a new revision. The server's refusal
 * (RP1001 closed already, RP1002 not ended) is shown in its words.
 */
export function CloseMonthDialog(props: CloseMonthDialogProps) {
  const { companies, maxMonth, fixed = false, onClose, onClosed } = props;
  const { t } = useTranslation();
  const f = useReportFormat();
  const language = useSession((s) => s.language);
  const [companyId, setCompanyId] = useState(props.companyId);
  const [month, setMonth] = useState(props.month);
  const close = useCloseMonthMutation();
  const companyName = companies.find((c) => c.value === companyId)?.label ?? '';
  const submit = () => {
    if (!companyId) return;
    close.mutate(
      { companyId, month },
      {
        onSuccess: (closure) => {
          showToast(
            'success',
            t('reports.close.done', { month: f.month(closure.month), company: closure.companyName }),
          );
          onClosed?.(closure);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={() => !close.isPending && onClose()}
      title={t('reports.close.title')}
      centered
      closeOnClickOutside={!close.isPending}
    >
      <Stack gap="md">
        {fixed ? (
          <Text fw={600}>
            {companyName} · {f.month(month)}
          </Text>
        ) : (
          <>
            <Select
              label={t('reports.close.company')}
              data={companies}
              value={companyId}
              onChange={(value) => {
                close.reset();
                setCompanyId(value);
              }}
              allowDeselect={false}
              searchable={companies.length > 7}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
            />
            <DatesProvider settings={{ locale: pickerLocales[language] }}>
              <MonthPickerInput
                label={t('reports.close.month')}
                value={`${month}-01`}
                maxDate={`${maxMonth}-01`}
                onChange={(next) => {
                  close.reset();
                  if (next) setMonth(next.slice(0, 7));
                }}
                valueFormat="MMMM YYYY"
                withAsterisk
                popoverProps={{ withinPortal: true }}
                ariaLabels={{
                  nextYear: t('common.dateTime.nextYear'),
                  previousYear: t('common.dateTime.previousYear'),
                  nextDecade: t('common.dateTime.nextDecade'),
                  previousDecade: t('common.dateTime.previousDecade'),
                  yearLevelControl: t('common.dateTime.yearLevel'),
                }}
              />
            </DatesProvider>
          </>
        )}
        <Alert color="yellow" variant="light" role="note">
          <Text size="sm">{t('reports.close.warning')}</Text>
        </Alert>
        {close.error && (
          <Alert color="red" variant="light" role="alert">
            {close.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={close.isPending}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={close.isPending} disabled={!companyId}>
            {t('reports.close.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
