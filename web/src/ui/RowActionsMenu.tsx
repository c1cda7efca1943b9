import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  color?: string;
  hidden?: boolean;
}

export interface RowActionsMenuProps {
  actions: RowAction[];
  /** Accessible name of the button, e.g. "Actions for Ana Pérez". */
  label?: string;
}

function DotsIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** The actions of one table row, in a menu; clicks don't reach the row. */
export function RowActionsMenu({ actions, label }: RowActionsMenuProps) {
  const { t } = useTranslation();
  const visible = actions.filter((action) => !action.hidden);
  if (visible.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label ?? t('common.actions')}
          onClick={(event) => event.stopPropagation()}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {visible.map((action) => (
          <Menu.Item key={action.key} color={action.color} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
