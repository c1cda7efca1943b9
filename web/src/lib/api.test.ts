import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, configureApiClient, isApiError } from './api';
import { loadingCounter } from './loading';
import { sessionStore } from './session';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
  configureApiClient({ onUnauthorized: () => undefined, onPasswordChangeRequired: () => undefined });
});

describe('api client', () => {
  it('sends the bearer token, language and current company, and parses with the schema', async () => {
    sessionStore.setLanguage('en');
    sessionStore.signIn('tok', 'company-1');
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ ok: true, extra: 1 }));
    vi.stubGlobal('fetch', fetchSpy);

    const result = await apiRequest({ path: '/things', schema: z.object({ ok: z.boolean() }) });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-Current-Company')).toBe('company-1');
  });

  it('keeps an X-Current-Company header set by the caller', async () => {
    sessionStore.signIn('tok', 'company-1');
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiRequest({
      method: 'PATCH',
      path: '/users/current-company',
      headers: { 'X-Current-Company': 'company-2' },
      schema: z.object({ ok: z.literal(true) }),
    });
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('X-Current-Company')).toBe('company-2');
  });

  it('throws an ApiError with the server code, message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'V1000', message: 'Bad', fields: { name: 'Required' } }, 400)),
    );
    const error: unknown = await apiRequest({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(isApiError(error) && [error.status, error.code, error.message, error.fields]).toEqual([
      400,
      'V1000',
      'Bad',
      { name: 'Required' },
    ]);
  });

  it('falls back to the catalogue text when the server sends no message', async () => {
    sessionStore.setLanguage('es');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'N1000', message: '' }, 404)),
    );
    const error: unknown = await apiRequest({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe('No se encontró el recurso.');
  });

  it('reports a 401 to the session only when a token was sent', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized, onPasswordChangeRequired: () => undefined });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'AU1002', message: 'expired' }, 401)),
    );
    await apiRequest({ path: '/x', schema: z.unknown(), token: null }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    sessionStore.signIn('tok', null);
    await apiRequest({ path: '/x', schema: z.unknown() }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith('AU1002');
  });

  it('ignores a 401 to a call sent with a token that has been replaced since', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized, onPasswordChangeRequired: () => undefined });
    sessionStore.signIn('old-token', null);
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const call = apiRequest({ path: '/x', schema: z.unknown() }).catch(() => undefined);
    // e.g. a password change ended the old session and handed over a new token meanwhile
    sessionStore.setToken('new-token');
    answer(jsonResponse({ code: 'AU1002', message: 'expired' }, 401));
    await call;
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('raises the loading counter during the call and lowers it after a failure', async () => {
    let seen = -1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        seen = loadingCounter.get();
        throw new TypeError('offline');
      }),
    );
    const error: unknown = await apiRequest({ path: '/x', schema: z.unknown() }).catch((e: unknown) => e);
    expect(seen).toBe(1);
    expect(loadingCounter.get()).toBe(0);
    expect(isApiError(error) && error.code).toBe('NETWORK');
  });
});
