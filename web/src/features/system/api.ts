/** Calls of the System section: billing plans, countries and the mail outbox (ADMIN). */
import { billingPlanListSchema, billingPlanSchema } from '@aforo/contracts/billing-plans';
import type { BillingPlan, BillingPlanInput } from '@aforo/contracts/billing-plans';
import { countryListSchema, countrySchema } from '@aforo/contracts/countries';
import type { Country, CountryInput } from '@aforo/contracts/countries';
import { mailListSchema, mailSchema } from '@aforo/contracts/mail-outbox';
import type { Mail } from '@aforo/contracts/mail-outbox';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

const billingPlansApi = createCrudHooks<BillingPlan, BillingPlanInput>({
  keys: queryKeys.billingPlans,
  path: '/billing-plans',
  schemas: { list: billingPlanListSchema, item: billingPlanSchema },
});
export const useBillingPlansQuery = billingPlansApi.useListQuery;
export const useSaveBillingPlanMutation = billingPlansApi.useSaveMutation;
export const useDeleteBillingPlanMutation = billingPlansApi.useDeleteMutation;
/** Every plan by name, for selectors. */
export const useBillingPlanOptionsQuery = () => billingPlansApi.useOptionsQuery(optionsParams('name'));

const countriesApi = createCrudHooks<Country, CountryInput>({
  keys: queryKeys.countries,
  path: '/countries',
  schemas: { list: countryListSchema, item: countrySchema },
});
export const useCountriesQuery = countriesApi.useListQuery;
export const useSaveCountryMutation = countriesApi.useSaveMutation;
export const useDeleteCountryMutation = countriesApi.useDeleteMutation;
/** Every country by name, for selectors. */
export const useCountryOptionsQuery = () => countriesApi.useOptionsQuery(optionsParams('name'));

/** The outbox is read-only: mails are written by the server. */
const mailsApi = createCrudHooks<Mail>({
  keys: queryKeys.mails,
  path: '/mail-outbox',
  schemas: { list: mailListSchema, item: mailSchema },
});
export const useMailsQuery = mailsApi.useListQuery;
export const useMailQuery = mailsApi.useItemQuery;
