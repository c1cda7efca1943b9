/** Calls of component types and components (install, uninstall, decommission, reincorporate). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { componentTypeListSchema, componentTypeSchema } from '@aforo/contracts/component-types';
import type { ComponentType, ComponentTypeInput } from '@aforo/contracts/component-types';
import { componentListSchema, componentSchema } from '@aforo/contracts/components';
import type {
  Component,
  ComponentInput,
  ComponentInstall,
  componentActions,
} from '@aforo/contracts/components';
import { pointListSchema } from '@aforo/contracts/points';
import { apiRequest } from '../../lib/api';
import { crudHooks, optionsParams } from './crud-hooks';

export const componentTypesApi = crudHooks<ComponentType, ComponentTypeInput>(
  'component-types',
  componentTypeListSchema,
  componentTypeSchema,
);
export const componentsApi = crudHooks<Component, ComponentInput>(
  'components',
  componentListSchema,
  componentSchema,
);

export const useComponentTypeOptionsQuery = () => componentTypesApi.useList(optionsParams('name'));

const pointsApi = crudHooks('points', pointListSchema, pointListSchema.shape.rows.element);
/** Points of the current company, for the install form. */
export const usePointOptionsQuery = (enabled: boolean) => pointsApi.useList(optionsParams('name'), enabled);

export function useSetComponentTypeEnabledMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiRequest({
        method: 'POST',
        path: `/component-types/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`,
        schema: componentTypeSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: componentTypesApi.keys.all }),
  });
}

export type ComponentAction = (typeof componentActions)[number];

function useInvalidateComponents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: componentsApi.keys.all }),
      queryClient.invalidateQueries({ queryKey: componentTypesApi.keys.all }),
    ]);
}

/** Uninstall, decommission or reincorporate a component. */
export function useComponentActionMutation() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ComponentAction }) =>
      apiRequest({
        method: 'POST',
        path: `/components/${encodeURIComponent(id)}/${action}`,
        schema: componentSchema,
      }),
    onSuccess: invalidate,
  });
}

/** Install at a point; 409 when one is already there (resend with force to replace it). */
export function useInstallComponentMutation() {
  const invalidate = useInvalidateComponents();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ComponentInstall }) =>
      apiRequest({
        method: 'POST',
        path: `/components/${encodeURIComponent(id)}/install`,
        body,
        schema: componentSchema,
      }),
    onSuccess: invalidate,
  });
}
