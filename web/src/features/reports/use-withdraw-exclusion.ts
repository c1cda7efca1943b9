/** "Withdraw" (ADMIN, CHIEF): asked first, as it makes the days count again. */
import { useTranslation } from 'react-i18next';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import { useWithdrawExclusionMutation } from './exclusions-api';
import { useExclusionText } from './use-exclusion-text';

export function useWithdrawExclusion(): (exclusion: ReportExclusion) => void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const text = useExclusionText();
  const withdraw = useWithdrawExclusionMutation();
  return (e) =>
    confirm({
      title: `${t('reports.agreed.withdrawTitle')}: ${text.what(e)}`,
      message: t('reports.agreed.withdrawMessage', { point: e.pointName, range: text.range(e) }),
      confirmLabel: t('reports.agreed.withdraw'),
      color: 'red',
      onConfirm: () =>
        withdraw.mutateAsync(
          { id: e.id, companyId: e.companyId },
          {
            onSuccess: () => showToast('success', t('reports.agreed.withdrawnDone')),
            onError: (error) => showToast('error', error.message),
          },
        ),
    });
}
