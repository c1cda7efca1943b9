/**
 * The actions on one user (docs/ROLES.md): edit, enable, disable, suspend, unsuspend, delete, restore, renew
 * activation link.
 */
import { useTranslation } from 'react-i18next';
import type { UserAction, UserState } from '@aforo/contracts/users';
import type { RowAction } from '../../ui/RowActionsMenu';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import { useDeleteUserMutation, useUserActionMutation } from './api';

export interface UserForActions {
  id: string;
  name: string;
  surname: string;
  email: string;
  state: { name: UserState };
  deletedAt?: string | null;
}

export interface UserActionsOptions {
  /** The signed-in user's id: nobody disables, suspends or deletes themselves. */
  selfId: string | null;
  onEdit: (userId: string) => void;
  /** Also offer "view profile" (lists). */
  onOpen?: (userId: string) => void;
}

export function useUserActions({ selfId, onEdit, onOpen }: UserActionsOptions) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteUserMutation();
  const act = useUserActionMutation();

  const run = (id: string, action: UserAction, successKey: string) =>
    act.mutate(
      { id, action },
      {
        onSuccess: () => showToast('success', t(successKey)),
        onError: (error) => showToast('error', error.message),
      },
    );

  return (user: UserForActions): RowAction[] => {
    const fullName = `${user.name} ${user.surname}`.trim();
    const isDeleted = !!user.deletedAt;
    const isSelf = user.id === selfId;
    const state = user.state.name;
    return [
      {
        key: 'open',
        label: t('accounts.users.viewProfile'),
        onClick: () => onOpen?.(user.id),
        hidden: !onOpen,
      },
      { key: 'edit', label: t('common.edit'), onClick: () => onEdit(user.id), hidden: isDeleted },
      {
        key: 'enable',
        label: t('accounts.users.actions.enable'),
        onClick: () => run(user.id, 'enable', 'accounts.users.enabled'),
        hidden: isDeleted || state !== 'Disabled',
      },
      {
        key: 'disable',
        label: t('accounts.users.actions.disable'),
        hidden: isDeleted || isSelf || state === 'Disabled',
        onClick: () =>
          confirm({
            title: t('accounts.users.disableTitle'),
            message: t('accounts.users.disableMessage', { name: fullName }),
            confirmLabel: t('accounts.users.actions.disable'),
            color: 'orange',
            onConfirm: async () => {
              await act.mutateAsync({ id: user.id, action: 'disable' });
              showToast('success', t('accounts.users.disabled'));
            },
          }),
      },
      {
        key: 'suspend',
        label: t('accounts.users.actions.suspend'),
        hidden: isDeleted || isSelf || state === 'Suspended',
        onClick: () =>
          confirm({
            title: t('accounts.users.suspendTitle'),
            message: t('accounts.users.suspendMessage', { name: fullName }),
            confirmLabel: t('accounts.users.actions.suspend'),
            color: 'red',
            onConfirm: async () => {
              await act.mutateAsync({ id: user.id, action: 'suspend' });
              showToast('success', t('accounts.users.suspended'));
            },
          }),
      },
      {
        key: 'unsuspend',
        label: t('accounts.users.actions.unsuspend'),
        hidden: isDeleted || state !== 'Suspended',
        onClick: () =>
          confirm({
            title: t('accounts.users.unsuspendTitle'),
            message: t('accounts.users.unsuspendMessage', { name: fullName }),
            confirmLabel: t('accounts.users.actions.unsuspend'),
            onConfirm: async () => {
              await act.mutateAsync({ id: user.id, action: 'unsuspend' });
              showToast('success', t('accounts.users.unsuspended'));
            },
          }),
      },
      {
        key: 'renew',
        label: t('accounts.users.actions.renewActivation'),
        onClick: () => run(user.id, 'renew-activation', 'accounts.users.activationRenewed'),
        hidden: isDeleted || state !== 'Created',
      },
      {
        key: 'restore',
        label: t('common.restore'),
        onClick: () => run(user.id, 'restore', 'accounts.users.restored'),
        hidden: !isDeleted,
      },
      {
        key: 'delete',
        label: t('common.delete'),
        color: 'red',
        hidden: isDeleted || isSelf,
        onClick: () =>
          confirm({
            title: t('accounts.users.deleteTitle'),
            message: t('accounts.users.deleteMessage', { name: fullName, email: user.email }),
            confirmLabel: t('common.delete'),
            color: 'red',
            onConfirm: async () => {
              await remove.mutateAsync(user.id);
              showToast('success', t('accounts.users.deleted'));
            },
          }),
      },
    ];
  };
}
