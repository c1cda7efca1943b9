import { MultiSelect, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { apiTokenInputSchema } from '@aforo/contracts/api-tokens';
import type { ApiToken, CreatedApiToken } from '@aforo/contracts/api-tokens';
import { applyServerError } from '../../../lib/form-validation';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useLayerOptionsQuery } from '../../layers';
import { useCreateApiTokenMutation, useUpdateApiTokenMutation } from '../api';
import { fieldOfCode, toTokenInput, tokenFormValues, validateTokenForm } from '../token-form';
import type { TokenFormValues } from '../token-form';
import { useTokenFormat } from '../use-token-format';

export interface ApiTokenFormModalProps {
  /** null = a new token. */
  token: ApiToken | null;
  /** The company's plan limit per token, as the list reports it (null: unknown or no plan). */
  planLimit: number | null;
  onClose: () => void;
  /** A new token with its secret, to be shown once. */
  onCreated: (created: CreatedApiToken) => void;
}

/** Create or edit a token: alias, last valid day, own monthly limit, the layers it may read. */
export function ApiTokenFormModal({ token, planLimit, onClose, onCreated }: ApiTokenFormModalProps) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  const create = useCreateApiTokenMutation();
  const update = useUpdateApiTokenMutation();
  const layers = useLayerOptionsQuery();
  const form = useForm<TokenFormValues>({
    initialValues: tokenFormValues(token),
    validate: validateTokenForm,
  });
  const layerData = (layers.data?.rows ?? []).map((layer) => ({ value: layer.id, label: layer.name }));
  // the validity is a UTC day and may not be in the past (TK1004)
  const today = new Date().toISOString().slice(0, 10);
  const submitting = create.isPending || update.isPending;

  const handleError = (error: Error) => {
    if (!applyServerError(form, error, fieldOfCode)) showToast('error', error.message);
  };
  const handleSubmit = (values: TokenFormValues) => {
    const body = apiTokenInputSchema.parse(toTokenInput(values));
    if (token)
      update.mutate(
        { id: token.id, body },
        {
          onSuccess: () => {
            showToast('success', t('apiTokens.saved'));
            onClose();
          },
          onError: handleError,
        },
      );
    else
      create.mutate(body, {
        onSuccess: (created) => {
          showToast('success', t('apiTokens.created'));
          onCreated(created);
        },
        onError: handleError,
      });
  };

  return (
    <FormModal
      opened
      title={token ? t('apiTokens.edit', { alias: token.alias }) : t('apiTokens.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={submitting}
    >
      <TextInput
        label={t('apiTokens.fields.alias')}
        description={t('apiTokens.form.aliasHint')}
        withAsterisk
        data-autofocus
        maxLength={100}
        {...form.getInputProps('alias')}
      />
      <DateTimeInput
        label={t('apiTokens.fields.validUntil')}
        description={t('apiTokens.form.validUntilHint')}
        withTime={false}
        clearable
        min={today}
        value={form.values.validUntil}
        onChange={(value) => form.setFieldValue('validUntil', value)}
        error={form.errors.validUntil}
      />
      <NumberInput
        label={t('apiTokens.fields.monthlyLimit')}
        description={
          planLimit === null
            ? t('apiTokens.form.monthlyLimitHintNoNumber')
            : t('apiTokens.form.monthlyLimitHint', { limit: f.count(planLimit) })
        }
        min={1}
        max={planLimit ?? undefined}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('monthlyLimit')}
      />
      <MultiSelect
        label={t('apiTokens.fields.layers')}
        description={t('apiTokens.form.layersHint')}
        placeholder={form.values.layerIds.length === 0 ? t('apiTokens.form.layersPlaceholder') : undefined}
        data={layerData}
        searchable
        clearable
        nothingFoundMessage={t('common.noResults')}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('layerIds')}
      />
    </FormModal>
  );
}
