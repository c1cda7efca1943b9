import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { billingPlanInputSchema } from '@aforo/contracts/billing-plans';
import type { BillingPlan } from '@aforo/contracts/billing-plans';
import { applyServerError, schemaValidatorWith } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSaveBillingPlanMutation } from '../api';

interface BillingPlanFormValues {
  name: string;
  monthlyApiCalls: number | string;
  maxPoints: number | string;
  maxUsers: number | string;
}

const validate = schemaValidatorWith<BillingPlanFormValues>(billingPlanInputSchema, {
  required: ['monthlyApiCalls', 'maxPoints', 'maxUsers'],
});

export interface BillingPlanFormModalProps {
  /** null = a new plan. */
  plan: BillingPlan | null;
  onClose: () => void;
}

/** Create or edit a billing plan: name, monthly API calls per token, max points, max users. */
export function BillingPlanFormModal({ plan, onClose }: BillingPlanFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveBillingPlanMutation();
  const form = useForm<BillingPlanFormValues>({
    initialValues: {
      name: plan?.name ?? '',
      monthlyApiCalls: plan?.monthlyApiCalls ?? '',
      maxPoints: plan?.maxPoints ?? '',
      maxUsers: plan?.maxUsers ?? '',
    },
    validate,
  });

  const handleSubmit = (values: BillingPlanFormValues) => {
    save.mutate(
      { id: plan?.id ?? null, body: billingPlanInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('system.billingPlans.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { BP1001: 'name' })) showToast('error', error.message);
        },
      },
    );
  };

  const numberProps = {
    min: 0,
    max: 1_000_000_000,
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: ' ',
  };
  return (
    <FormModal
      opened
      title={plan ? t('system.billingPlans.edit') : t('system.billingPlans.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('system.billingPlans.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <NumberInput
        label={t('system.billingPlans.monthlyApiCalls')}
        description={t('system.billingPlans.monthlyApiCallsHint')}
        withAsterisk
        {...numberProps}
        {...form.getInputProps('monthlyApiCalls')}
      />
      <NumberInput
        label={t('system.billingPlans.maxPoints')}
        withAsterisk
        {...numberProps}
        {...form.getInputProps('maxPoints')}
      />
      <NumberInput
        label={t('system.billingPlans.maxUsers')}
        withAsterisk
        {...numberProps}
        {...form.getInputProps('maxUsers')}
      />
    </FormModal>
  );
}
