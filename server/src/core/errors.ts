/** Typed errors of every layer; http/errors.ts maps them to status + code + translated message. */
import { errorCatalog, type ErrorCode } from '@aforo/contracts/errors';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    status?: number,
  ) {
    super(code);
    this.status = status ?? errorCatalog[code].status;
  }
}

export class NotFoundError extends AppError {
  constructor(code: ErrorCode = 'N1000') {
    super(code, undefined, 404);
  }
}
export class ConflictError extends AppError {
  constructor(code: ErrorCode) {
    super(code, undefined, 409);
  }
}
export class ForbiddenError extends AppError {
  constructor(code: ErrorCode = 'F1000') {
    super(code, undefined, 403);
  }
}
export class UnauthorizedError extends AppError {
  constructor(code: ErrorCode = 'AU1003') {
    super(code, undefined, 401);
  }
}
/** 429 (L1000 unless told) telling the client when to try again (the Retry-After header, in seconds). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'L1000',
    /** More headers of the answer (the API's RateLimit-*). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(code, undefined, 429);
  }
}
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, code: ErrorCode = 'V1000') {
    super(code, fields, 400);
  }
}
