import { apiErrorSchema } from '@aforo/contracts/common/api-error';

/** The error answers every authenticated route may give, for the OpenAPI document. */
export const authErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;
