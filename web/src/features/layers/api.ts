/** Calls of the current company's layers (groups of points on the map). */
import { layerListSchema, layerSchema } from '@aforo/contracts/layers';
import type { Layer, LayerInput } from '@aforo/contracts/layers';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

/** Points list their layers: a layer change refreshes them too. */
const layersApi = createCrudHooks<Layer, LayerInput>({
  keys: queryKeys.layers,
  path: '/layers',
  schemas: { list: layerListSchema, item: layerSchema },
  refreshes: [queryKeys.points.all],
});

export const useLayersQuery = layersApi.useListQuery;
export const useSaveLayerMutation = layersApi.useSaveMutation;
export const useDeleteLayerMutation = layersApi.useDeleteMutation;

/** Every layer of the current company by name, for filters. */
export function useLayerOptionsQuery() {
  return layersApi.useOptionsQuery(optionsParams('name'));
}
