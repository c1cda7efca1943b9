/** The list, save and delete hooks every catalogue resource shares (same REST shape on the server). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiRequest, queryString } from '../../lib/api';
import type { ListPage, QueryValue } from '../../lib/api';

export type ListParams = Record<string, QueryValue>;

export interface SaveVariables<T> {
  id: string | null;
  body: T;
}

/** Hooks for /api/<path>: list (paged), every row (selectors), save (POST/PUT) and delete. */
export function crudHooks<T, I>(path: string, listSchema: z.ZodType<ListPage<T>>, itemSchema: z.ZodType<T>) {
  const root = [path] as const;
  const useList = (params: ListParams, enabled = true) =>
    useQuery({
      queryKey: [...root, 'list', params],
      queryFn: () => apiRequest({ path: `/${path}${queryString(params)}`, schema: listSchema }),
      placeholderData: keepPreviousData,
      enabled,
    });
  const useSave = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, body }: SaveVariables<I>) =>
        apiRequest({
          method: id ? 'PUT' : 'POST',
          path: id ? `/${path}/${encodeURIComponent(id)}` : `/${path}`,
          body,
          schema: itemSchema,
        }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
    });
  };
  const useDelete = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: string) =>
        apiRequest({
          method: 'DELETE',
          path: `/${path}/${encodeURIComponent(id)}`,
          schema: okResponseSchema,
        }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
    });
  };
  return { keys: { all: root }, useList, useSave, useDelete };
}

/** Every row, sorted, for selectors. */
export const optionsParams = (order: string): ListParams => ({ length: -1, order, dir: 'ASC' });
