import type { Language } from '@aforo/contracts/constants';
import { roleSchema, type RoleItem } from '@aforo/contracts/roles';
import type { RoleRow } from './roles.repository';

const scopes = new Set<string>(['global', 'company', 'system']);

/** A role row as the web gets it, named in the request's language (English when a name is missing). */
export function toRoleItem(row: RoleRow, lang: Language): RoleItem | undefined {
  const id = roleSchema.safeParse(row.id);
  // a row the code does not know (added by hand) is left out rather than failing the list
  if (!id.success || !scopes.has(row.scope)) return undefined;
  const label = (lang === 'es' ? row.labelEs : row.labelEn) || row.labelEn || row.id;
  return { id: id.data, name: id.data, label, scope: row.scope as RoleItem['scope'], order: row.position };
}
