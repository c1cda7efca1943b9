/** Users and their profiles (docs/DATA-MODEL.md "User"). */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { emailSchema, optionalText, queryBoolean, requiredText } from './common/text';
import { companySummarySchema } from './companies';
import type { ErrorCode } from './errors';
import { profileStates, roleSchema } from './roles';

export const userStates = [
  'Created',
  'Active',
  'Change Password',
  'Disabled',
  'Suspended',
  'Inactive',
] as const;
export const userStateSchema = z.enum(userStates);
export type UserState = z.infer<typeof userStateSchema>;

/** Spellings of a state found in older data, and the state each one means (docs/ROLES.md). */
const legacyUserStates: Readonly<Record<string, UserState>> = { Dissabled: 'Disabled' };

/**
 * A user state as stored → the state it means: older data spells Disabled "Dissabled"
 * (docs/ROLES.md). Anything else unknown is kept as it is, for the response schema to refuse.
 */
export function userStateOf(stored: string): UserState {
  return legacyUserStates[stored] ?? (stored as UserState);
}

export const userProfileSchema = z.object({
  id: idSchema,
  state: z.object({ name: z.enum(profileStates) }),
  company: z.object({ id: idSchema, businessName: z.string() }).nullable(),
  profileRoles: z.array(roleSchema),
  rolesAssociated: z.array(z.object({ id: roleSchema })),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  state: z.object({ name: userStateSchema }),
  company: z.object({ id: idSchema }).nullable(),
  userProfiles: z.array(userProfileSchema),
  /** Effective roles for the request's current company. */
  roles: z.array(roleSchema),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * False when the caller may change only their company's profile of this user (a client admin and a
   * user who also belongs to another company or to the provider); absent means editable.
   */
  editableIdentity: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/users/info/logged: the user plus the companies they may select. */
export const currentUserSchema = userSchema.extend({
  isGlobal: z.boolean(),
  companies: z.array(companySummarySchema),
  language: z.enum(['es', 'en']),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** One row of GET /api/users (docs/DATA-MODEL.md: rows add _company and role ids). */
export const userRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  state: z.object({ name: userStateSchema }),
  /** The company the row is listed for (null for provider staff). */
  _company: idSchema.nullable(),
  /** Role ids of that profile. */
  roles: z.array(roleSchema),
  createdAt: z.iso.datetime({ offset: true }),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const userOrderFields = ['created_at', 'name', 'surname', 'email', 'state'] as const;
/**
 * A query number that must be sent: a missing one is "required" (400 V1000 naming the field), a
 * present one follows the list query's own rule for it.
 */
const requiredQueryNumber = (rule: z.ZodType<number, unknown>) => z.string().pipe(rule as z.ZodType<number, string>);
/** GET /api/users: page and length are both required (docs/API.md), unlike the other lists. */
export const userListQuerySchema = listQuerySchema.extend({
  page: requiredQueryNumber(listQuerySchema.shape.page.unwrap()),
  length: requiredQueryNumber(listQuerySchema.shape.length.unwrap()),
  order: z.enum(userOrderFields).default('created_at'),
  showDeleted: queryBoolean,
  /** Provider staff instead of the current company's users (ADMIN only). */
  fdxUsers: queryBoolean,
  /** Only users whose listed profile holds this role. */
  role: roleSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userListSchema = listResponseSchema(userRowSchema);

/** A profile as sent on save: company null = the global profile (provider staff). */
export const userProfileInputSchema = z.object({
  company: z.object({ id: idSchema }).nullable(),
  roles: z.array(roleSchema.exclude(['ROLE_CHANGE_PASSWORD'])).min(1),
});
export type UserProfileInput = z.infer<typeof userProfileInputSchema>;

export const userInputSchema = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailSchema,
  phone: optionalText(50),
  language: z.enum(['es', 'en']).default('es'),
  profiles: z.array(userProfileInputSchema).min(1).max(50),
});
export type UserInput = z.input<typeof userInputSchema>;
/** docs/VALIDATION.md codes of the user payload's fields: an invalid email answers UP1011 (not V1000). */
export const userInputFieldCodes = { email: 'UP1011' } as const satisfies Partial<
  Record<keyof UserInput, ErrorCode>
>;
export type UserInputParsed = z.output<typeof userInputSchema>;

export const validateEmailQuerySchema = z.object({ companyId: idSchema.optional() });
/** 200 when the email may be used for a new user; otherwise a 4xx with U1009/U1013/UP1003/UP1012-UP1014. */
export const validateEmailResponseSchema = z.object({ available: z.literal(true) });

export const userActions = [
  'enable',
  'disable',
  'suspend',
  'unsuspend',
  'restore',
  'renew-activation',
] as const;
export const userActionParamsSchema = z.object({ id: idSchema, action: z.enum(userActions) });
export type UserAction = (typeof userActions)[number];
