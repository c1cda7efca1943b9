import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { quietHoursSchema } from '@aforo/contracts/notifications';
import { applyServerError, schemaErrors } from '../../../lib/form-validation';
import { showToast } from '../../../ui/toasts';
import { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from '../api';

interface Values {
  on: boolean;
  from: string;
  to: string;
}

/** My quiet hours (Settings): WARNING notifications wait for their end; DANGER and NO_TRANSMISSION pass. */
export function QuietHoursForm() {
  const { t } = useTranslation();
  const query = useNotificationPreferencesQuery();
  const save = useSaveNotificationPreferencesMutation();
  const form = useForm<Values>({
    initialValues: { on: false, from: '22:00', to: '07:00' },
    validate: (values) =>
      values.on ? schemaErrors(quietHoursSchema, { from: values.from, to: values.to }) : {},
  });
  const quiet = query.data?.quietHours;
  useEffect(() => {
    if (query.data === undefined) return;
    form.setInitialValues({ on: !!quiet, from: quiet?.from ?? '22:00', to: quiet?.to ?? '07:00' });
    form.reset();
    // only when the stored value arrives or changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  const handleSubmit = (values: Values) =>
    save.mutate(
      { quietHours: values.on ? { from: values.from, to: values.to } : null },
      {
        onSuccess: () => showToast('success', t('notifications.quietHours.saved')),
        onError: (error) => {
          if (!applyServerError(form, error)) showToast('error', error.message);
        },
      },
    );

  if (query.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('notifications.quietHours.unavailable')}
      </Text>
    );
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate data-testid="quiet-hours-form">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('notifications.quietHours.hint')}
        </Text>
        <Switch
          label={t('notifications.quietHours.on')}
          {...form.getInputProps('on', { type: 'checkbox' })}
        />
        {form.values.on && (
          <Group grow>
            <TextInput
              type="time"
              label={t('notifications.quietHours.from')}
              {...form.getInputProps('from')}
            />
            <TextInput type="time" label={t('notifications.quietHours.to')} {...form.getInputProps('to')} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending} disabled={query.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
