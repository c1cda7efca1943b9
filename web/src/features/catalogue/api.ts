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
import { crudHooks, optionsParams } from './crud-hooks';

export const brandsApi = crudHooks<Brand, BrandInput>('brands', brandListSchema, brandSchema);
export const modelsApi = crudHooks<Model, ModelInput>('models', modelListSchema, modelSchema);
export const productsApi = crudHooks<Product, ProductInput>('products', productListSchema, productSchema);
export const firmwaresApi = crudHooks<Firmware, FirmwareInput>(
  'firmwares',
  firmwareListSchema,
  firmwareSchema,
);
export const networksApi = crudHooks<Network, NetworkInput>('networks', networkListSchema, networkSchema);

export const useBrandOptionsQuery = () => brandsApi.useList(optionsParams('abbreviation'));
export const useModelOptionsQuery = () => modelsApi.useList(optionsParams('name'));

/** "ABBR · name" of a model for selectors. */
export function modelLabel(model: Pick<Model, 'name' | 'brand'>): string {
  return `${model.brand.abbreviation} · ${model.name}`;
}
