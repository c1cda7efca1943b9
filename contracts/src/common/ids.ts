import { z } from 'zod';

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });
export type Id = z.infer<typeof idSchema>;
