/** Calls of the device catalogue: brands, models, products, firmwares and networks. */
import { brandListSchema, brandSchema } from '@aforo/contracts/brands';
import type { Brand, BrandInput } from '@aforo/contracts/brands';
import { firmwareListSchema, firmwareSchema } from '@aforo/contracts/firmwares';
import type { Firmware, FirmwareInput } from '@aforo/contracts/firmwares';
import { modelListSchema, modelSchema } from '@aforo/contracts/models';
import type { Model, ModelInput } from '@aforo/contracts/models';
import { networkListSchema, networkSchema } from '@aforo/contracts/networks';
import type { Network, NetworkInput } from '@aforo/contracts/networks';
import { productListSchema, productSchema } from '@aforo/contracts/products';
import type { Product, ProductInput } from '@aforo/contracts/products';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

export const brandsApi = createCrudHooks<Brand, BrandInput>({
  keys: queryKeys.brands,
  path: '/brands',
  schemas: { list: brandListSchema, item: brandSchema },
});
export const modelsApi = createCrudHooks<Model, ModelInput>({
  keys: queryKeys.models,
  path: '/models',
  schemas: { list: modelListSchema, item: modelSchema },
});
export const productsApi = createCrudHooks<Product, ProductInput>({
  keys: queryKeys.products,
  path: '/products',
  schemas: { list: productListSchema, item: productSchema },
});
export const firmwaresApi = createCrudHooks<Firmware, FirmwareInput>({
  keys: queryKeys.firmwares,
  path: '/firmwares',
  schemas: { list: firmwareListSchema, item: firmwareSchema },
});
export const networksApi = createCrudHooks<Network, NetworkInput>({
  keys: queryKeys.networks,
  path: '/networks',
  schemas: { list: networkListSchema, item: networkSchema },
});

export const useBrandOptionsQuery = () => brandsApi.useOptionsQuery(optionsParams('abbreviation'));
export const useModelOptionsQuery = () => modelsApi.useOptionsQuery(optionsParams('name'));
export const useProductOptionsQuery = () => productsApi.useOptionsQuery(optionsParams('code'));
export const useNetworkOptionsQuery = () => networksApi.useOptionsQuery(optionsParams('name'));
/** The firmwares of one model; none until a model is chosen. */
export const useFirmwareOptionsQuery = (modelId: string | null) =>
  firmwaresApi.useOptionsQuery({ length: -1, modelId }, { enabled: modelId !== null });

/** "ABBR · name" of a model for selectors. */
export function modelLabel(model: Pick<Model, 'name' | 'brand'>): string {
  return `${model.brand.abbreviation} · ${model.name}`;
}
