/** Calls of component types and components (install, uninstall, decommission, reincorporate). */
import { componentTypeListSchema, componentTypeSchema } from '@aforo/contracts/component-types';
import type { ComponentType, ComponentTypeInput } from '@aforo/contracts/component-types';
import { componentListSchema, componentSchema } from '@aforo/contracts/components';
import type {
  Component,
  ComponentInput,
  ComponentInstall,
  componentActions,
} from '@aforo/contracts/components';
import { apiRequest } from '../../lib/api';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

export const componentTypesApi = createCrudHooks<ComponentType, ComponentTypeInput>({
  keys: queryKeys.componentTypes,
  path: '/component-types',
  schemas: { list: componentTypeListSchema, item: componentTypeSchema },
});
/** Component types count their components: a component change refreshes them too. */
export const componentsApi = createCrudHooks<Component, ComponentInput>({
  keys: queryKeys.components,
  path: '/components',
  schemas: { list: componentListSchema, item: componentSchema },
  refreshes: [queryKeys.componentTypes.all],
});

export const useComponentTypeOptionsQuery = () => componentTypesApi.useOptionsQuery(optionsParams('name'));

export function useSetComponentTypeEnabledMutation() {
  return componentTypesApi.useChangeMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    apiRequest({
      method: 'POST',
      path: componentTypesApi.itemPath(id, enabled ? '/enable' : '/disable'),
      schema: componentTypeSchema,
    }),
  );
}

export type ComponentAction = (typeof componentActions)[number];

/** Uninstall, decommission or reincorporate a component. */
export function useComponentActionMutation() {
  return componentsApi.useChangeMutation(({ id, action }: { id: string; action: ComponentAction }) =>
    apiRequest({ method: 'POST', path: componentsApi.itemPath(id, `/${action}`), schema: componentSchema }),
  );
}

/** Install at a point; 409 when one is already there (resend with force to replace it). */
export function useInstallComponentMutation() {
  return componentsApi.useChangeMutation(({ id, body }: { id: string; body: ComponentInstall }) =>
    apiRequest({
      method: 'POST',
      path: componentsApi.itemPath(id, '/install'),
      body,
      schema: componentSchema,
    }),
  );
}
