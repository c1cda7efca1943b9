import type { ComponentType, MeasureType } from '@aforo/contracts/component-types';
import type { UnitGroup } from '@aforo/contracts/units';
import type { ComponentTypeRow } from './component-types.repository';

export type DynamicField = ComponentType['dynamicFields'][number];

/** The stored dynamic fields: the contract's array (an older `{}` default reads as none). */
export function dynamicFieldsOf(stored: unknown): DynamicField[] {
  return Array.isArray(stored) ? (stored as DynamicField[]) : [];
}

export function toComponentType(row: ComponentTypeRow): ComponentType {
  return {
    id: row.id,
    name: row.name,
    // the columns hold keys of the contract's lists (the issue-11 migration mapped older text)
    magnitude: row.magnitude as UnitGroup,
    measureType: row.measureType as MeasureType,
    company: { id: row.companyId, name: row.companyName },
    shared: row.companyIsProvider,
    dynamicFields: dynamicFieldsOf(row.dynamicFields),
    enabled: row.enabled,
    components: row.components,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function componentTypeHistory(row: ComponentTypeRow): Record<string, unknown> {
  return {
    name: row.name,
    companyId: row.companyId,
    magnitude: row.magnitude,
    measureType: row.measureType,
    dynamicFields: dynamicFieldsOf(row.dynamicFields),
    enabled: row.enabled,
  };
}
