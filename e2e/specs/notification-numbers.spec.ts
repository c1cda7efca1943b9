/**
 * Numbers in the reader's language, end to end (docs/WEB.md "Numbers", docs/ALERTS.md): a level of
 * 3.887 m published over MQTT opens a DANGER whose notices say "3,887 m" to a Spanish reader — in the
 * bell and in the e-mail — and "3.887 m" to an English one (her e-mail and her in-app notification).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  companyApi,
  companyIdByName,
  connectAsDevice,
  installLevelStation,
  levelMessage,
  milliampsFor,
  norteName,
} from './fleet';
import { adminToken, apiToken, latestMailTo, openSignedIn } from './helpers';

const spanishReader = 'chief-cliente.norte@demo.aforo.dev';
const englishReader = 'admin-cliente.norte@demo.aforo.dev';

interface StoredUser {
  id: string;
  name: string;
  surname: string;
  email: string;
  phone: string | null;
  userProfiles: { company: { id: string } | null; profileRoles: string[] }[];
}

/** Sets a user's language through the admin's user form call (PUT /api/users/:id keeps the rest). */
async function setLanguage(
  request: APIRequestContext,
  token: string,
  companyId: string,
  user: StoredUser,
  language: 'es' | 'en',
) {
  const response = await request.put(`/api/users/${user.id}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Current-Company': companyId },
    data: {
      name: user.name,
      surname: user.surname,
      email: user.email,
      phone: user.phone,
      language,
      profiles: user.userProfiles.map((p) => ({
        company: p.company && { id: p.company.id },
        roles: p.profileRoles,
      })),
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

test('a DANGER at 3.887 m is told as 3,887 m in Spanish and 3.887 m in English, in-app and by e-mail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const norte = await companyIdByName(page.request, token, norteName);
  const api = companyApi(page.request, token, norte);
  const { rows } = await api.get<{ rows: { id: string; email: string }[] }>(
    `/api/users?page=1&length=10&search=${encodeURIComponent(englishReader)}`,
  );
  const english = await api.get<StoredUser>(`/api/users/${rows.find((r) => r.email === englishReader)!.id}`);
  await setLanguage(page.request, token, norte, english, 'en');
  try {
    const serial = `NUM-${Date.now() % 100_000_000}`;
    const station = await installLevelStation(api, norte, {
      serial,
      pointName: `Cifras ${serial}`,
      alertValue: 3,
    });
    await openSignedIn(page, spanishReader, '/app/operation/alerts');
    const device = await connectAsDevice(station);
    const { topic, body } = levelMessage(station, 1, milliampsFor(3.887));
    try {
      await device.publishAsync(topic, body, { qos: 1 });
    } finally {
      await device.endAsync();
    }

    // the Spanish reader: the bell, then the e-mail
    const bell = page.getByRole('button', { name: /^Notificaciones/ });
    await bell.click();
    const notice = page.getByRole('button', { name: `Alerta: Peligro · ${station.point.name}` });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('3,887 m');
    await expect(notice).not.toContainText('3.887');
    const spanishMail = await latestMailTo(page.request, token, spanishReader);
    expect(spanishMail.text).toContain(`Peligro en ${station.point.name}`);
    expect(spanishMail.text).toContain('3,887 m');

    // the English reader: her e-mail and her in-app notification
    await expect
      .poll(async () => (await latestMailTo(page.request, token, englishReader)).subject, { timeout: 15_000 })
      .toContain(station.point.name);
    const englishMail = await latestMailTo(page.request, token, englishReader);
    expect(englishMail.text).toContain(`Danger at ${station.point.name}`);
    expect(englishMail.text).toContain('3.887 m');
    expect(englishMail.text).not.toContain('3,887');
    const englishToken = await apiToken(page.request, englishReader);
    const inApp = await page.request.get('/api/notifications?page=1&length=20', {
      headers: { Authorization: `Bearer ${englishToken}`, 'X-Current-Company': norte },
    });
    const { rows: notices } = (await inApp.json()) as { rows: { title: string; body: string }[] };
    const hers = notices.find((n) => n.title === `Alert: Danger · ${station.point.name}`);
    expect(hers?.body).toContain('3.887 m');
  } finally {
    await setLanguage(page.request, token, norte, english, 'es');
  }
});
