import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  companyInputSchema,
  measureRetentionMaxMonths,
  measureRetentionMinMonths,
} from '@aforo/contracts/companies';
import type { Company, CompanyInput } from '@aforo/contracts/companies';
import { applyServerError, schemaErrors } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useBillingPlanOptionsQuery, useCountryOptionsQuery } from '../../system';
import { useSaveCompanyMutation } from '../api';
import { TimezoneSelect } from './TimezoneSelect';

interface CompanyFormValues {
  businessName: string;
  slug: string;
  contactName: string;
  position: string;
  email: string;
  phone: string;
  countryId: string | null;
  billingPlanId: string | null;
  preferredTimezone: string;
  /** "" = measures kept for ever. */
  measureRetentionMonths: number | string;
}

/** What the form sends: an empty retention as null (kept for ever). */
function toCompanyInput(values: CompanyFormValues): CompanyInput {
  const { measureRetentionMonths, ...rest } = values;
  return {
    ...rest,
    measureRetentionMonths: measureRetentionMonths === '' ? null : Number(measureRetentionMonths),
  };
}

export interface CompanyFormModalProps {
  /** null = a new company. */
  company: Company | null;
  onClose: () => void;
}

/** Create or edit a company: names, contact, country, billing plan, time zone and measure retention. */
export function CompanyFormModal({ company, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveCompanyMutation();
  const countries = useCountryOptionsQuery();
  const plans = useBillingPlanOptionsQuery();
  const form = useForm<CompanyFormValues>({
    initialValues: {
      businessName: company?.businessName ?? '',
      slug: company?.slug ?? '',
      contactName: company?.contactName ?? '',
      position: company?.position ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      countryId: company?.country?.id ?? null,
      billingPlanId: company?.billingPlan?.id ?? null,
      preferredTimezone: company?.preferredTimezone ?? 'Europe/Madrid',
      measureRetentionMonths: company?.measureRetentionMonths ?? '',
    },
    validate: (values) => schemaErrors(companyInputSchema, toCompanyInput(values)),
  });

  const handleSubmit = (values: CompanyFormValues) => {
    save.mutate(
      { id: company?.id ?? null, body: companyInputSchema.parse(toCompanyInput(values)) },
      {
        onSuccess: () => {
          showToast('success', t('accounts.companies.saved'));
          onClose();
        },
        onError: (error) => {
          const handled = applyServerError(form, error, {
            CO1001: 'businessName',
            CO1005: 'preferredTimezone',
            CO1007: 'slug',
          });
          if (!handled) showToast('error', error.message);
        },
      },
    );
  };

  return (
    <FormModal
      opened
      size="lg"
      title={company ? t('accounts.companies.edit') : t('accounts.companies.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('accounts.companies.businessName')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('businessName')}
      />
      <TextInput
        label={t('accounts.companies.slug')}
        description={t('accounts.companies.slugHint')}
        leftSection={<span aria-hidden>/</span>}
        placeholder={company ? undefined : t('accounts.companies.slugPlaceholder')}
        {...form.getInputProps('slug')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('accounts.companies.contactName')} {...form.getInputProps('contactName')} />
        <TextInput label={t('accounts.companies.position')} {...form.getInputProps('position')} />
        <TextInput label={t('accounts.companies.email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={t('accounts.companies.phone')} type="tel" {...form.getInputProps('phone')} />
        <Select
          label={t('accounts.companies.country')}
          placeholder={t('accounts.companies.none')}
          searchable
          clearable
          data={(countries.data?.rows ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          {...form.getInputProps('countryId')}
        />
        <Select
          label={t('accounts.companies.billingPlan')}
          placeholder={t('accounts.companies.none')}
          clearable
          data={(plans.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          {...form.getInputProps('billingPlanId')}
        />
      </SimpleGrid>
      <TimezoneSelect
        label={t('accounts.companies.timezone')}
        description={t('accounts.companies.timezoneHint')}
        withAsterisk
        {...form.getInputProps('preferredTimezone')}
      />
      <NumberInput
        label={t('accounts.companies.retention')}
        description={t('accounts.companies.retentionHint', {
          min: measureRetentionMinMonths,
          max: measureRetentionMaxMonths,
        })}
        placeholder={t('accounts.companies.retentionForever')}
        min={measureRetentionMinMonths}
        max={measureRetentionMaxMonths}
        // said, not silently changed: the months decide which measures are removed
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('measureRetentionMonths')}
      />
    </FormModal>
  );
}
