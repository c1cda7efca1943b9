/**
 * The user form's rules: which roles the caller may grant and how the form's values become the
 * contract's UserInput. A Client Admin manages one profile in its own company with company roles;
 * an ADMIN gives provider staff a global profile or gives a client user one or more company profiles.
 */
import { companyRoles, globalRoles } from '@aforo/contracts/roles';
import type { Role } from '@aforo/contracts/roles';
import type { User, UserInput } from '@aforo/contracts/users';
import { userInputSchema } from '@aforo/contracts/users';
import { fieldMessage } from '@aforo/contracts/errors';
import { messageForCode } from '../../lib/api';
import { schemaErrors } from '../../lib/form-validation';
import { sessionStore } from '../../lib/session';

/** Provider staff (global profile) or users of client companies. */
export type UserKind = 'staff' | 'company';

export interface CompanyProfileValues {
  /** Stable key for the list of profile rows. */
  key: string;
  companyId: string | null;
  roles: Role[];
}

export interface UserFormValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  language: 'es' | 'en';
  kind: UserKind;
  globalRoles: Role[];
  companyProfiles: CompanyProfileValues[];
}

export interface UserFormMode {
  /** ROLE_ADMIN: may create provider staff and users of any company. */
  isAdmin: boolean;
  currentCompanyId: string | null;
}

let nextKey = 0;
export function profileKey(): string {
  nextKey += 1;
  return `profile-${nextKey}`;
}

/** The roles offered for a kind of user; a Client Admin only ever sees company roles. */
export function roleChoices(kind: UserKind, mode: Pick<UserFormMode, 'isAdmin'>): readonly Role[] {
  return mode.isAdmin && kind === 'staff' ? globalRoles : companyRoles;
}

export function emptyUserFormValues(mode: UserFormMode, kind: UserKind = 'company'): UserFormValues {
  return {
    name: '',
    surname: '',
    email: '',
    phone: '',
    language: sessionStore.getState().language,
    kind: mode.isAdmin ? kind : 'company',
    globalRoles: [],
    companyProfiles: [{ key: profileKey(), companyId: mode.currentCompanyId, roles: [] }],
  };
}

const onlyRoles = (roles: readonly Role[], allowed: readonly Role[]) =>
  roles.filter((r) => allowed.includes(r));

/** The form's values for an existing user, as the caller may edit them. */
export function userFormValuesFrom(user: User, mode: UserFormMode): UserFormValues {
  const base = emptyUserFormValues(mode);
  const globalProfile = user.userProfiles.find((p) => p.company === null);
  const companyProfiles = user.userProfiles
    .filter((p) => p.company !== null && (mode.isAdmin || p.company.id === mode.currentCompanyId))
    .map((p) => ({
      key: profileKey(),
      companyId: p.company?.id ?? null,
      roles: onlyRoles(p.profileRoles, companyRoles),
    }));
  return {
    ...base,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone ?? '',
    kind: mode.isAdmin && globalProfile ? 'staff' : 'company',
    globalRoles: globalProfile ? onlyRoles(globalProfile.profileRoles, globalRoles) : [],
    companyProfiles: companyProfiles.length > 0 ? companyProfiles : base.companyProfiles,
  };
}

/** The profiles to send: one per company (or the global one), with only the roles the kind allows. */
export function toUserInput(values: UserFormValues, mode: UserFormMode): UserInput {
  const profiles: UserInput['profiles'] =
    mode.isAdmin && values.kind === 'staff'
      ? [
          {
            company: null,
            roles: onlyRoles(values.globalRoles, globalRoles) as UserInput['profiles'][number]['roles'],
          },
        ]
      : (mode.isAdmin ? values.companyProfiles : values.companyProfiles.slice(0, 1)).map((p) => ({
          company: { id: (mode.isAdmin ? p.companyId : mode.currentCompanyId) ?? '' },
          roles: onlyRoles(p.roles, companyRoles) as UserInput['profiles'][number]['roles'],
        }));
  return {
    name: values.name,
    surname: values.surname,
    email: values.email,
    phone: values.phone,
    language: values.language,
    profiles,
  };
}

/** The company the email is checked against (docs/VALIDATION.md: optional on that validation). */
export function companyForEmailCheck(values: UserFormValues, mode: UserFormMode): string | null {
  if (!mode.isAdmin) return mode.currentCompanyId;
  if (values.kind === 'staff') return null;
  return values.companyProfiles[0]?.companyId ?? null;
}

const baseSchema = userInputSchema.pick({
  name: true,
  surname: true,
  email: true,
  phone: true,
  language: true,
});

/** Field errors: the contract's rules for the user's fields, plus a company and a role for every profile. */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): Record<string, string> {
  const errors = schemaErrors(baseSchema, values);
  const language = sessionStore.getState().language;
  const atLeastOneRole = messageForCode('U1011');
  if (mode.isAdmin && values.kind === 'staff') {
    if (values.globalRoles.length === 0) errors.globalRoles = atLeastOneRole;
    return errors;
  }
  const seen = new Set<string>();
  values.companyProfiles.forEach((profile, index) => {
    if (mode.isAdmin && !profile.companyId) {
      errors[`companyProfiles.${index}.companyId`] = fieldMessage('selectRequired', language);
    } else if (profile.companyId && seen.has(profile.companyId)) {
      errors[`companyProfiles.${index}.companyId`] = messageForCode('UP1003');
    }
    if (profile.companyId) seen.add(profile.companyId);
    if (profile.roles.length === 0) errors[`companyProfiles.${index}.roles`] = atLeastOneRole;
  });
  return errors;
}
