/** Calls of the System section: billing plans, countries and the mail outbox (ADMIN). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { billingPlanListSchema, billingPlanSchema } from '@aforo/contracts/billing-plans';
import type { BillingPlanInput } from '@aforo/contracts/billing-plans';
import { countryListSchema, countrySchema } from '@aforo/contracts/countries';
import type { CountryInput } from '@aforo/contracts/countries';
import { mailListSchema, mailSchema } from '@aforo/contracts/mail-outbox';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const billingPlanKeys = { all: ['billing-plans'] as const };
export const countryKeys = { all: ['countries'] as const };
export const mailKeys = { all: ['mail-outbox'] as const };

type ListParams = Record<string, QueryValue>;

// ── Billing plans ────────────────────────────────────────────────────────────────────────────

export function useBillingPlansQuery(params: ListParams) {
  return useQuery({
    queryKey: [...billingPlanKeys.all, 'list', params],
    queryFn: () =>
      apiRequest({ path: `/billing-plans${queryString(params)}`, schema: billingPlanListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** Every plan by name, for selectors. */
export function useBillingPlanOptionsQuery() {
  return useBillingPlansQuery({ length: -1, order: 'name', dir: 'ASC' });
}

export interface SaveVariables<T> {
  id: string | null;
  body: T;
}

export function useSaveBillingPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables<BillingPlanInput>) =>
      apiRequest({
        method: id ? 'PUT' : 'POST',
        path: id ? `/billing-plans/${encodeURIComponent(id)}` : '/billing-plans',
        body,
        schema: billingPlanSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingPlanKeys.all }),
  });
}

export function useDeleteBillingPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({
        method: 'DELETE',
        path: `/billing-plans/${encodeURIComponent(id)}`,
        schema: okResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingPlanKeys.all }),
  });
}

// ── Countries ────────────────────────────────────────────────────────────────────────────────

export function useCountriesQuery(params: ListParams) {
  return useQuery({
    queryKey: [...countryKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/countries${queryString(params)}`, schema: countryListSchema }),
    placeholderData: keepPreviousData,
  });
}

/** Every country by name, for selectors. */
export function useCountryOptionsQuery() {
  return useCountriesQuery({ length: -1, order: 'name', dir: 'ASC' });
}

export function useSaveCountryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables<CountryInput>) =>
      apiRequest({
        method: id ? 'PUT' : 'POST',
        path: id ? `/countries/${encodeURIComponent(id)}` : '/countries',
        body,
        schema: countrySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
  });
}

export function useDeleteCountryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({
        method: 'DELETE',
        path: `/countries/${encodeURIComponent(id)}`,
        schema: okResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
  });
}

// ── Mail outbox ──────────────────────────────────────────────────────────────────────────────

export function useMailsQuery(params: ListParams) {
  return useQuery({
    queryKey: [...mailKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/mail-outbox${queryString(params)}`, schema: mailListSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useMailQuery(id: string | null) {
  return useQuery({
    queryKey: [...mailKeys.all, 'detail', id],
    queryFn: () => apiRequest({ path: `/mail-outbox/${encodeURIComponent(id ?? '')}`, schema: mailSchema }),
    enabled: id !== null,
  });
}
