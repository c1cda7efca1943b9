/** Typed fetch wrapper (docs/API.md): headers of docs/API.md, contract parsing, ApiError, request counter. */
import type { z } from 'zod';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { errorMessage, isErrorCode } from '@aforo/contracts/errors';
import { i18n } from './i18n';
import { withLoading } from './loading';
import { sessionStore } from './session';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Codes the client itself produces when there is no server answer to read. */
export const clientErrorCodes = { network: 'NETWORK', badResponse: 'BAD_RESPONSE' } as const;

export interface ApiHandlers {
  /** A 401 answered a call made with a token: the session is over. */
  onUnauthorized(code: string): void;
  /** 403 AU1007: the account must change its password first. */
  onPasswordChangeRequired(): void;
}

let handlers: ApiHandlers = { onUnauthorized: () => undefined, onPasswordChangeRequired: () => undefined };

export function configureApiClient(next: ApiHandlers): void {
  handlers = next;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path after the base, e.g. '/users/info/logged'. */
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  base?: '/api' | '/public';
  headers?: Record<string, string>;
  /** Use this token instead of the session's (sign-in fetches the user before storing it). */
  token?: string | null;
  /** Background calls (token refresh) don't raise the loading overlay. */
  background?: boolean;
}

/** The message to show for an error code: the server's text, else the catalogue, else the generic one. */
export function messageForCode(code: string, serverMessage?: string): string {
  if (serverMessage) return serverMessage;
  const language = sessionStore.getState().language;
  if (isErrorCode(code)) return errorMessage(code, language);
  return i18n.t('errors.generic');
}

function buildHeaders(
  options: Pick<RequestOptions<unknown>, 'headers' | 'body'>,
  token: string | null,
): Headers {
  const session = sessionStore.getState();
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', session.language);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (token && session.currentCompanyId && !headers.has('X-Current-Company')) {
    headers.set('X-Current-Company', session.currentCompanyId);
  }
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response, sentToken: string | null): Promise<ApiError> {
  const parsed = apiErrorSchema.safeParse(await readJson(response));
  const code = parsed.success ? parsed.data.code : response.status >= 500 ? 'E1000' : 'N1000';
  const error = new ApiError(
    response.status,
    code,
    messageForCode(code, parsed.success ? parsed.data.message : undefined),
    parsed.success ? parsed.data.fields : {},
  );
  // a call sent with a token since replaced (e.g. by a password change's new one) ends nothing
  if (response.status === 401 && sentToken && sentToken === sessionStore.getState().token)
    handlers.onUnauthorized(code);
  if (response.status === 403 && code === 'AU1007') handlers.onPasswordChangeRequired();
  return error;
}

async function send<T>(options: RequestOptions<T>): Promise<T> {
  const token = options.token === undefined ? sessionStore.getState().token : options.token;
  const base = options.base ?? '/api';
  let response: Response;
  try {
    response = await fetch(`${base}${options.path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, token),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, clientErrorCodes.network, i18n.t('errors.network'));
  }
  if (!response.ok) throw await toApiError(response, base === '/api' ? token : null);
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) {
    console.error(
      `Unexpected response from ${options.method ?? 'GET'} ${base}${options.path}`,
      parsed.error.issues,
    );
    throw new ApiError(response.status, clientErrorCodes.badResponse, i18n.t('errors.generic'));
  }
  return parsed.data;
}

/** A file the API answered (an export): its bytes and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/**
 * GET of a file under /api with the session's token and current company (a plain link cannot send
 * them); errors as apiRequest's. It does not raise the loading overlay: the caller shows its own.
 */
export async function apiDownload(path: string, fallbackName = 'export.csv'): Promise<ApiFile> {
  const token = sessionStore.getState().token;
  const headers = buildHeaders({}, token);
  // errors still come as JSON
  headers.set('Accept', 'text/csv, application/json');
  const networkError = () => new ApiError(0, clientErrorCodes.network, i18n.t('errors.network'));
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await toApiError(response, token);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  // the body streams in after the status: a connection lost meanwhile fails here
  const blob = await response.blob().catch(() => {
    throw networkError();
  });
  return { blob, filename };
}

/** Every call goes through here; each raises the request counter until it settles. */
export function apiRequest<T>(options: RequestOptions<T>): Promise<T> {
  return options.background ? send(options) : withLoading(() => send(options));
}

export type QueryValue = string | number | boolean | null | undefined;

/** One page of a paged list endpoint: its rows and the total count. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** "?a=1&b=x" from the defined, non-empty values (booleans as true/false); "" when there are none. */
export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
