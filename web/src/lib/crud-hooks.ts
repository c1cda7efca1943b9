/**
 * The hooks of a resource the server exposes the same REST way (docs/API.md): GET /<r> (paged) and
 * /<r>/{id}, POST /<r>, PUT, DELETE and POST …/restore on /<r>/{id}. Every change refreshes the
 * resource and the resources whose screens show it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiRequest, queryString } from './api';
import type { ListPage } from './api';
import type { ListParams, ResourceKeys } from './query-keys';

export interface SaveVariables<Body> {
  /** null = create (POST), otherwise PUT /{id}. */
  id: string | null;
  body: Body;
}

export interface CrudConfig<Row, Item> {
  keys: ResourceKeys;
  /** '/brands' */
  path: string;
  schemas: { list: z.ZodType<ListPage<Row>>; item: z.ZodType<Item> };
  /** Keys of other resources whose views show this one, refreshed after every change. */
  refreshes?: readonly QueryKey[];
}

/** Every row, sorted, for selectors. */
export const optionsParams = (order: string): ListParams => ({ length: -1, order, dir: 'ASC' });

/** `Row` is a list row, `Item` what one GET or a save answers, `Body` what a save sends. */
export function createCrudHooks<Row, Body = never, Item = Row>(config: CrudConfig<Row, Item>) {
  const { keys, path, schemas, refreshes = [] } = config;
  const itemPath = (id: string, suffix = '') => `${path}/${encodeURIComponent(id)}${suffix}`;
  const list = (params: ListParams) => () =>
    apiRequest({ path: `${path}${queryString(params)}`, schema: schemas.list });

  /** A mutation of this resource: on success its queries and those of `refreshes` are refetched. */
  function useChangeMutation<V, R>(call: (variables: V) => Promise<R>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: call,
      onSuccess: () =>
        Promise.all([keys.all, ...refreshes].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    });
  }

  return {
    keys,
    itemPath,
    useChangeMutation,
    /** A page of a list screen; the previous page stays on screen while the next one loads. */
    useListQuery(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
      return useQuery({
        queryKey: keys.list(params),
        queryFn: list(params),
        placeholderData: keepPreviousData,
        enabled,
      });
    },
    /** The rows a selector offers (see optionsParams); nothing stale while other options load. */
    useOptionsQuery(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
      return useQuery({ queryKey: keys.list(params), queryFn: list(params), enabled });
    },
    useItemQuery(id: string | null) {
      return useQuery({
        queryKey: keys.detail(id),
        queryFn: () => apiRequest({ path: itemPath(id ?? ''), schema: schemas.item }),
        enabled: id !== null,
      });
    },
    useSaveMutation() {
      return useChangeMutation(({ id, body }: SaveVariables<Body>) =>
        apiRequest({
          method: id ? 'PUT' : 'POST',
          path: id ? itemPath(id) : path,
          body,
          schema: schemas.item,
        }),
      );
    },
    useDeleteMutation() {
      return useChangeMutation((id: string) =>
        apiRequest({ method: 'DELETE', path: itemPath(id), schema: okResponseSchema }),
      );
    },
    useRestoreMutation() {
      return useChangeMutation((id: string) =>
        apiRequest({ method: 'POST', path: itemPath(id, '/restore'), schema: schemas.item }),
      );
    },
  };
}
