import { useTranslation } from 'react-i18next';
import type { Point } from '@aforo/contracts/points';
import { hasRight } from '@aforo/contracts/roles';
import { profilesForCheck, useCurrentUserQuery } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import type { RowAction } from '../../ui/RowActionsMenu';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import { useDeletePointMutation, useRestorePointMutation } from './api';

export function useCanEditPoints(): boolean {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return user !== undefined && hasRight(profilesForCheck(user), currentCompanyId, 'points.edit');
}

/** Edit, delete (refused with POM1002 while a device is there) and restore of a point. */
export function usePointActions(onEdit: (point: Point) => void) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const canEdit = useCanEditPoints();
  const remove = useDeletePointMutation();
  const restore = useRestorePointMutation();
  return (point: Point): RowAction[] => [
    {
      key: 'edit',
      label: t('common.edit'),
      onClick: () => onEdit(point),
      hidden: !canEdit || !!point.deletedAt,
    },
    {
      key: 'restore',
      label: t('common.restore'),
      hidden: !canEdit || !point.deletedAt,
      onClick: () =>
        restore.mutate(point.id, {
          onSuccess: () => showToast('success', t('points.restored')),
          onError: (error) => showToast('error', error.message),
        }),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      color: 'red',
      hidden: !canEdit || !!point.deletedAt,
      onClick: () =>
        confirm({
          title: t('points.deleteTitle'),
          message: t('points.deleteMessage', { name: point.name }),
          confirmLabel: t('common.delete'),
          color: 'red',
          onConfirm: async () => {
            try {
              await remove.mutateAsync(point.id);
              showToast('success', t('points.deleted'));
            } catch (error) {
              showToast('error', error instanceof Error ? error.message : String(error));
            }
          },
        }),
    },
  ];
}
