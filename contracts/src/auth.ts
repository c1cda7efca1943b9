/** Sign-in and session calls (docs/API.md, docs/ROLES.md). */
import { z } from 'zod';
import { safeText } from './common/text';
import { passwordMinLength } from './constants';
import { roleSchema } from './roles';

export const loginRequestSchema = z.object({
  username: safeText().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * JWT claims: sub = user id, username, roles (effective for the default company), exp in seconds,
 * sv = session version (a password change, disable, delete or new roles end older tokens).
 */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  roles: z.array(roleSchema),
  exp: z.number(),
  iat: z.number().optional(),
  sv: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const passwordSchema = z.string().min(passwordMinLength).max(200);

export const updatePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1).max(200),
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** PUT /users/{id}/update/password: the change ends every earlier session, so the caller gets a new token. */
export const passwordChangedResponseSchema = okResponseSchema.extend({ token: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponseSchema>;
