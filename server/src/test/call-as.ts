/** One API call of a route test as a signed-in user, in English, under a current company when named. */
import { bearer, type TestServer } from './test-server';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const callAs = (
  server: TestServer,
  token: string,
  method: Method,
  url: string,
  payload?: object,
  company?: string,
) =>
  server.request({
    method,
    url,
    headers: bearer(token, {
      'accept-language': 'en',
      ...(company ? { 'x-current-company': company } : {}),
    }),
    ...(payload ? { payload } : {}),
  });
