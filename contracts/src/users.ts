/** Users and their profiles (spec §3 "User"). */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { companySummarySchema } from './companies';
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
});
export type User = z.infer<typeof userSchema>;

/** GET /api/users/info/logged: the user plus the companies they may select. */
export const currentUserSchema = userSchema.extend({
  isGlobal: z.boolean(),
  companies: z.array(companySummarySchema),
  language: z.enum(['es', 'en']),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
