/** Typed errors and their one mapping to status + code + translated message (docs/API.md). */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@aforo/contracts/common/api-error';
import { isBlankText } from '@aforo/contracts/common/text';
import type { Language } from '@aforo/contracts/constants';
import {
  errorMessage,
  fieldMessage,
  fieldMessages,
  isErrorCode,
  type ErrorCode,
  type FieldMessageKey,
} from '@aforo/contracts/errors';
import { isDatabaseUnavailable, loggableError, loggableQueryError, sqlStateOf } from '../lib/query-error';
import { languageOf } from './language';
import { AppError, RateLimitedError } from '../core/errors';

interface ZodLikeIssue {
  code?: string;
  path?: readonly PropertyKey[];
  instancePath?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  message?: string;
}

/** A minimum length above one character (passwords) or a maximum: the length message says more. */
const lengthIssue = (issue: ZodLikeIssue) =>
  (issue.code === 'too_small' && Number(issue.minimum) > 1) || issue.code === 'too_big';

/** One zod issue → the docs/VALIDATION.md message for its field. */
export function fieldText(issue: ZodLikeIssue, lang: Language): string {
  if (issue.message === 'mismatch') return fieldMessage('passwordsMismatch', lang);
  // contract refinements and checks name their docs/VALIDATION.md message by its key
  if (issue.message && Object.prototype.hasOwnProperty.call(fieldMessages, issue.message))
    return fieldMessage(issue.message as FieldMessageKey, lang, {
      // a bound check named by its message ("measuresForAvgMax") fills its {min}/{max}
      ...(issue.minimum !== undefined ? { min: Number(issue.minimum) } : {}),
      ...(issue.maximum !== undefined ? { max: Number(issue.maximum) } : {}),
    });
  // only spaces where text was needed (docs/VALIDATION.md), unless the issue is about a length of several characters
  if (isBlankText(issue.input) && !lengthIssue(issue)) return fieldMessage('blankOrInvalid', lang);
  // not JSON at all: the contract turned the text into a symbol (see point-parameters.ts)
  if (issue.code === 'invalid_type' && /received symbol/.test(issue.message ?? ''))
    return fieldMessage('invalidJson', lang);
  // a selection left empty: zod 4 reports a missing enum value as invalid_value
  if (issue.code === 'invalid_value' && 'input' in issue && issue.input == null)
    return fieldMessage('required', lang);
  // zod 4 leaves `input` out of issues unless asked, so a missing value shows in its message
  const missing = /received (undefined|null)/.test(issue.message ?? '');
  if (issue.code === 'invalid_type' && missing) return fieldMessage('required', lang);
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1
      ? fieldMessage('required', lang)
      : fieldMessage('tooShort', lang, { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return fieldMessage('tooLong', lang, { max: Number(issue.maximum) });
  if (issue.code === 'invalid_format' && issue.format === 'email') return fieldMessage('email', lang);
  return fieldMessage('invalid', lang);
}

function issuePath(issue: ZodLikeIssue): string {
  if (issue.path && issue.path.length > 0) return issue.path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
}

function body(code: ErrorCode, lang: Language, fields?: Record<string, string>): ApiErrorBody {
  return { code, message: errorMessage(code, lang), ...(fields ? { fields } : {}) };
}

/** The value at a JSON-pointer-like path of the request body (issues do not carry it). */
function valueAt(body: unknown, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Status codes Fastify raises on its own for malformed requests, mapped to our codes. */
function frameworkCode(status: number): ErrorCode {
  if (status === 413) return 'L1001';
  if (status === 429) return 'L1000';
  if (status === 404) return 'N1000';
  if (status === 401) return 'AU1003';
  return 'V1000';
}

/**
 * SQLSTATEs of a value PostgreSQL cannot store: NUL in text (22021) or JSON (22P05), a date out of
 * its range (22008), a number too big for its column (22003), a text too long (22001). The contracts
 * refuse these values first; this is the safety net for one they missed.
 */
const badValueStates = new Set(['22001', '22003', '22008', '22021', '22P05']);

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(request);
  if (error instanceof AppError) {
    if (error instanceof RateLimitedError)
      reply.headers({ ...error.headers, 'retry-after': String(error.retryAfterSeconds) });
    return reply.status(error.status).send(body(error.code, lang, error.fields));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    // issues do not carry the value: read it from the part of the request that failed
    const part = (error as { validationContext?: string }).validationContext ?? 'body';
    const source = (request as unknown as Record<string, unknown>)[part === 'querystring' ? 'query' : part];
    // the type provider reshapes zod issues as {keyword, instancePath, message, params}
    type Reshaped = { keyword: string; instancePath: string; message?: string; params?: ZodLikeIssue };
    const fieldCodes = part === 'body' ? request.routeOptions.config.fieldCodes : undefined;
    let code: ErrorCode = 'V1000';
    for (const raw of error.validation as unknown as Reshaped[]) {
      const issue: ZodLikeIssue = {
        ...raw.params,
        code: raw.keyword,
        instancePath: raw.instancePath,
        message: raw.message,
        input: valueAt(source, raw.instancePath),
      };
      const key = issuePath(issue);
      fields[key] ??= fieldText(issue, lang);
      // a field with a spec code of its own names the refusal (UP1011 invalid email), unless it is missing
      const own = fieldCodes?.[key];
      if (own && code === 'V1000' && fields[key] !== fieldMessage('required', lang)) code = own;
    }
    return reply.status(400).send(body(code, lang, fields));
  }
  // the database is away (stopped, restarting, cut off): the client may try again; /health names the part
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    return reply.status(503).header('retry-after', '5').send(body('E1001', lang));
  }
  const sqlState = sqlStateOf(error);
  // two writes racing past the same uniqueness check: the database's unique index decides
  if (sqlState === '23505') return reply.status(409).send(body('V1001', lang));
  // a delete of a row still referred to (or a reference to a row just deleted) a service did not catch
  if (sqlState === '23503') return reply.status(409).send(body('V1002', lang));
  if (sqlState && badValueStates.has(sqlState)) {
    request.log.warn(
      { err: loggableQueryError(error) },
      'a value the contract let through was refused by the database',
    );
    return reply.status(400).send(body('V1000', lang));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = frameworkCode(status);
    // 415 and the like become 400: the client sent something we cannot read
    const sent = isErrorCode(code) && code !== 'V1000' ? status : 400;
    return reply.status(sent).send(body(code, lang));
  }
  // a query error's message carries its parameter values (e-mails, names): never logged as is
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return reply.status(500).send(body('E1000', lang));
}
