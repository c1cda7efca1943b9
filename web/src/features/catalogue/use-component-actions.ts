/** The row actions of a component, by state and role (spec: editable only while inactive). */
import { useTranslation } from 'react-i18next';
import type { Component } from '@aforo/contracts/components';
import { useRoleCheck } from '../../lib/current-user';
import type { RowAction } from '../../ui/RowActionsMenu';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import { componentsApi, useComponentActionMutation } from './components-api';
import type { ComponentAction } from './components-api';
import { componentDestroyRoles, componentOperateRoles } from './roles';

export interface ComponentActionHandlers {
  onEdit: (component: Component) => void;
  onInstall: (component: Component) => void;
}

export function useComponentActions({ onEdit, onInstall }: ComponentActionHandlers) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const action = useComponentActionMutation();
  const remove = componentsApi.useDeleteMutation();
  const canOperate = useRoleCheck({ roles: componentOperateRoles }) === true;
  const canDestroy = useRoleCheck({ roles: componentDestroyRoles }) === true;

  const ask = (component: Component, name: ComponentAction, color?: string) =>
    confirm({
      title: t(`catalogue.components.actions.${name}`),
      message: t(`catalogue.components.confirm.${name}`, { serial: component.serial }),
      confirmLabel: t(`catalogue.components.actions.${name}`),
      color,
      onConfirm: async () => {
        await action.mutateAsync({ id: component.id, action: name });
        showToast('success', t(`catalogue.components.done.${name}`, { serial: component.serial }));
      },
    });

  const askDelete = (component: Component) =>
    confirm({
      title: t('catalogue.components.deleteTitle'),
      message: t('catalogue.components.deleteMessage', { serial: component.serial }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(component.id);
        showToast('success', t('catalogue.components.deleted'));
      },
    });

  const actionsOf = (component: Component): RowAction[] => {
    const inactive = component.state === 'Inactive';
    return [
      {
        key: 'edit',
        label: t('common.edit'),
        hidden: !canOperate || !inactive,
        onClick: () => onEdit(component),
      },
      {
        key: 'install',
        label: t('catalogue.components.install'),
        hidden: !canOperate || !inactive || !component.type.enabled,
        onClick: () => onInstall(component),
      },
      {
        key: 'uninstall',
        label: t('catalogue.components.actions.uninstall'),
        hidden: !canOperate || component.state !== 'Installed',
        onClick: () => ask(component, 'uninstall'),
      },
      {
        key: 'decommission',
        label: t('catalogue.components.actions.decommission'),
        color: 'red',
        hidden: !canDestroy || !inactive,
        onClick: () => ask(component, 'decommission', 'red'),
      },
      {
        key: 'reincorporate',
        label: t('catalogue.components.actions.reincorporate'),
        hidden: !canOperate || component.state !== 'Decommissioned',
        onClick: () => ask(component, 'reincorporate'),
      },
      {
        key: 'delete',
        label: t('common.delete'),
        color: 'red',
        hidden: !canDestroy || component.state === 'Installed',
        onClick: () => askDelete(component),
      },
    ];
  };

  return { canOperate, actionsOf };
}
