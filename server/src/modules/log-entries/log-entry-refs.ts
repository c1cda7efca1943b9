/** Which ids a history entry names: its item, and the ids its changed fields hold (countryId, pointIds …). */
import { isNamedType, type NamedType, type NameRef } from './log-entry-names.repository';

/** Fields whose values are ids of another item, by the kind of item (the mappers' *History functions). */
const referenceFields: Readonly<Record<string, NamedType>> = {
  companyId: 'company',
  countryId: 'country',
  billingPlanId: 'billing_plan',
  brandId: 'brand',
  modelId: 'model',
  modelIds: 'model',
  productId: 'product',
  firmwareId: 'firmware',
  networkId: 'network',
  pointId: 'point',
  pointIds: 'point',
  measurementPointId: 'point',
  deviceId: 'device',
  typeId: 'component_type',
  userIds: 'user',
  escalationUserIds: 'user',
};

/** A user's `profiles` value is {companyId or "global": roles}: its keys are companies. */
const keyedByCompany = new Set(['profiles']);

export interface EntryIds {
  entityType: string;
  entityId: string;
  changes: unknown;
}

function idsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The ids an entry's changes hold, by field, with the kind of item each names. */
export function referencesOf(changes: unknown): NameRef[] {
  if (changes === null || typeof changes !== 'object') return [];
  const refs: NameRef[] = [];
  for (const [field, pair] of Object.entries(changes as Record<string, unknown>)) {
    if (!Array.isArray(pair)) continue;
    const type = referenceFields[field];
    for (const value of pair) {
      if (type) for (const id of idsIn(value)) refs.push({ type, id });
      if (keyedByCompany.has(field) && value !== null && typeof value === 'object' && !Array.isArray(value))
        for (const id of Object.keys(value)) refs.push({ type: 'company', id });
    }
  }
  return refs;
}

/** Every name a page of entries needs. */
export function refsOf(entries: readonly EntryIds[]): NameRef[] {
  return entries.flatMap((entry) => [
    ...(isNamedType(entry.entityType) ? [{ type: entry.entityType, id: entry.entityId }] : []),
    ...referencesOf(entry.changes),
  ]);
}
