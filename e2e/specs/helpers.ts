import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'aforo-demo-2026';

/** The embedded broker of the server under test: E2E_MQTT_PORT, else the HTTP port + 1. */
export const e2eMqttPort = Number(process.env.E2E_MQTT_PORT ?? Number(process.env.E2E_PORT ?? 4180) + 1);

/** Signs in through the login form (Spanish UI) and waits for the shell. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByPlaceholder('Su contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // a forced password change lands on /change-password instead of the app
  await expect(page).toHaveURL(/\/(app\/|change-password)/);
}

export function leftBar(page: Page) {
  return page.getByRole('navigation', { name: 'Navegación' });
}

/** A token for API calls made by the test itself (e.g. reading the mail outbox as the admin). */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = demoPassword,
): Promise<string> {
  const response = await request.post('/api/login_check', { data: { username: email, password } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address, read from the outbox as an ADMIN; waits for it to be queued. */
export async function latestMailTo(
  request: APIRequestContext,
  adminToken: string,
  to: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/mail-outbox?page=1&length=50', {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      const { rows } = (await response.json()) as { rows: OutboxMail[] };
      found = rows.find((mail) => mail.to === to);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The path (and query) of the first link in a mail's text whose path matches, e.g. /activate/user/. */
export function linkPath(text: string, pathPart: string): string {
  const url = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(pathPart));
  expect(url, `a link with ${pathPart} in:\n${text}`).toBeTruthy();
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
}

const tokens = new Map<string, string>();

/**
 * Opens a path already signed in, with a token fetched once per account and reused by later tests
 * (sign-in is rate limited per IP; the sign-in form itself is covered by shell.spec.ts).
 */
export async function openSignedIn(page: Page, email: string, path: string): Promise<void> {
  let token = tokens.get(email);
  if (!token) {
    token = await apiToken(page.request, email);
    tokens.set(email, token);
  }
  // the company the app would pick at sign-in: the user's default, else the first one
  const info = await page.request.get('/api/users/info/logged', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const user = (await info.json()) as { company: { id: string } | null; companies: { id: string }[] };
  const currentCompanyId = user.company?.id ?? user.companies[0]?.id ?? null;
  await openWithToken(page, token, currentCompanyId, path);
}

/** Opens a path with a session already stored (token and current company), as after a sign-in. */
export async function openWithToken(
  page: Page,
  token: string,
  currentCompanyId: string | null,
  path: string,
): Promise<void> {
  await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('aforo.session', JSON.stringify(session)), {
    token,
    language: 'es',
    currentCompanyId,
    returnPath: null,
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

/** The admin's token for API reads in tests (cached like openSignedIn's). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const email = 'admin@demo.aforo.dev';
  let token = tokens.get(email);
  if (!token) {
    token = await apiToken(request, email);
    tokens.set(email, token);
  }
  return token;
}
