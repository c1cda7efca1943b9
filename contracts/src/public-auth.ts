/** Public calls of account activation and password restore (docs/ROLES.md). */
import { z } from 'zod';
import { passwordSchema } from './auth';
import { emailSchema, safeText } from './common/text';

export const restoreRequestSchema = z.object({ email: emailSchema });
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

const newPassword = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1).max(200) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });

export const restorePasswordSchema = z
  .object({
    token: safeText().min(20).max(200),
    password: passwordSchema,
    confirmPassword: z.string().min(1).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type RestorePassword = z.infer<typeof restorePasswordSchema>;

export const activationTokenParamsSchema = z.object({ token: safeText().min(20).max(200) });
export const activationInfoSchema = z.object({ email: z.string(), name: z.string() });
export type ActivationInfo = z.infer<typeof activationInfoSchema>;
export const activateUserSchema = newPassword;
export type ActivateUser = z.infer<typeof activateUserSchema>;
