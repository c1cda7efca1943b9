import { Fieldset, MultiSelect, NumberInput, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { alertTypes } from '@aforo/contracts/alert-types';
import { notificationConfigInputSchema } from '@aforo/contracts/notification-configs';
import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { applyServerError } from '../../../lib/form-validation';
import { useRolesQuery } from '../../../lib/roles';
import { useUserOptions } from '../../../lib/users-api';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSaveNotificationConfigMutation } from '../api';
import { configFormValues, roleOptions, toConfigInput, validateConfigForm } from '../config-form';
import type { ConfigFormValues } from '../config-form';
import { NotificationLimitFieldset } from './NotificationLimitFieldset';

export interface NotificationConfigFormModalProps {
  /** null = a new configuration. */
  config: NotificationConfig | null;
  onClose: () => void;
  /** The saved configuration (its webhook secret is shown next). */
  onSaved: (saved: NotificationConfig) => void;
}

/** Create or edit a notification configuration: what, to whom, by which channels, escalation. */
export function NotificationConfigFormModal({ config, onClose, onSaved }: NotificationConfigFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveNotificationConfigMutation();
  const roles = useRolesQuery();
  const companyUsers = useUserOptions(true, false);
  // the saved recipients by name even before (or without) the users list
  const users = [...companyUsers];
  for (const u of [...(config?.users ?? []), ...(config?.escalation?.users ?? [])])
    if (!users.some((o) => o.value === u.id)) users.push({ value: u.id, label: `${u.name} · ${u.email}` });
  const form = useForm<ConfigFormValues>({
    initialValues: configFormValues(config),
    validate: validateConfigForm,
  });
  // a client's admin: the client roles only (the server refuses the provider's, AL1005)
  const callerIsGlobal = useCurrentUserQuery().data?.isGlobal ?? false;
  const roleData = roleOptions(roles.data ?? [], callerIsGlobal, [
    ...(config?.roles ?? []),
    ...(config?.escalation?.roles ?? []),
  ]);
  const typeData = alertTypes.map((v) => ({ value: v, label: t(`alerts.types.${v}`) }));

  const handleSubmit = (values: ConfigFormValues) =>
    save.mutate(
      { id: config?.id ?? null, body: notificationConfigInputSchema.parse(toConfigInput(values)) },
      {
        onSuccess: (saved) => {
          showToast('success', t('notifications.configs.saved'));
          onSaved(saved);
        },
        onError: (error) => {
          if (!applyServerError(form, error)) showToast('error', error.message);
        },
      },
    );

  return (
    <FormModal
      opened
      size="xl"
      title={config ? t('notifications.configs.edit', { name: config.name }) : t('notifications.configs.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('notifications.fields.name')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Switch
          mt={{ sm: 30 }}
          label={t('notifications.fields.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('notifications.fields.alertTypes')}
        withAsterisk
        data={typeData}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('alertTypes')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('notifications.fields.roles')}
          description={t('notifications.fields.recipientsHint')}
          data={roleData}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('roles')}
        />
        <MultiSelect
          label={t('notifications.fields.users')}
          data={users}
          searchable
          nothingFoundMessage={t('common.noResults')}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('userIds')}
        />
      </SimpleGrid>
      <Fieldset legend={t('notifications.fields.channels')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch label={t('notifications.channels.in_app')} checked disabled />
          <Switch
            label={t('notifications.channels.email')}
            {...form.getInputProps('email', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <TextInput
          mt="sm"
          type="url"
          label={t('notifications.fields.webhookUrl')}
          description={t('notifications.fields.webhookHint')}
          placeholder="https://"
          {...form.getInputProps('webhookUrl')}
        />
        <Switch
          mt="sm"
          label={t('notifications.fields.notifyResolved')}
          {...form.getInputProps('notifyResolved', { type: 'checkbox' })}
        />
      </Fieldset>
      <Fieldset legend={t('notifications.fields.escalation')}>
        <Switch
          label={t('notifications.fields.escalationOn')}
          {...form.getInputProps('escalationOn', { type: 'checkbox' })}
        />
        {form.values.escalationOn && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <NumberInput
              label={t('notifications.fields.escalationAfter')}
              withAsterisk
              min={5}
              max={1440}
              allowDecimal={false}
              {...form.getInputProps('escalation.afterMinutes')}
            />
            <MultiSelect
              label={t('notifications.fields.escalationRoles')}
              data={roleData}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('escalation.roles')}
            />
            <MultiSelect
              label={t('notifications.fields.escalationUsers')}
              data={users}
              searchable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('escalation.userIds')}
            />
          </SimpleGrid>
        )}
      </Fieldset>
      <NotificationLimitFieldset form={form} config={config} />
      <Textarea
        label={t('notifications.fields.description')}
        rows={2}
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
