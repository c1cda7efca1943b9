/**
 * Issue 22 items 11 and 14 in the browser: a client admin's notification rule offers only the
 * client roles and is limited to a point and a layer (es, en); the mail outbox's status badge
 * whole; a client's device register intro and an installed device's location. Screenshots in
 * docs/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './helpers';

test.use({ viewport: { width: 1440, height: 1100 } });

/** Opens a Mantine multi-select's list (its options may still be loading after a reload). */
async function openList(page: Page, combobox: ReturnType<Page['getByRole']>): Promise<void> {
  await expect(async () => {
    await combobox.click({ force: true });
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 1000 });
  }).toPass();
}

async function useEnglish(page: Page): Promise<void> {
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('aforo.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('aforo.session', JSON.stringify({ ...session, language: 'en' }));
  });
  await page.reload();
}

const texts = {
  es: {
    new: 'Nueva configuración',
    name: 'Nombre',
    points: 'Puntos',
    layers: 'Capas',
    limit: 'Limitar a puntos o capas',
  },
  en: {
    new: 'New configuration',
    name: 'Name',
    points: 'Points',
    layers: 'Layers',
    limit: 'Limit to points or layers',
  },
};

test("a client admin's notification rule: client roles only, limited to a point and a layer", async ({
  page,
}) => {
  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/accounts/notifications');
  for (const language of ['es', 'en'] as const) {
    if (language === 'en') await useEnglish(page);
    const t = texts[language];
    await page.getByRole('button', { name: t.new }).click();
    const dialog = page.getByRole('dialog', { name: t.new });
    await dialog.getByRole('textbox', { name: t.name }).fill('Crecidas del Ebro');
    await openList(page, dialog.getByRole('combobox', { name: 'Roles', exact: true }).first());
    const options = page.getByRole('option');
    const offered = await options.allInnerTexts();
    expect(offered.join('|')).not.toMatch(/FDX/);
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByText(t.limit)).toBeVisible();
    await openList(page, dialog.getByRole('combobox', { name: t.points }));
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await openList(page, dialog.getByRole('combobox', { name: t.layers }));
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await dialog.getByText(t.limit).scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: `../docs/screenshots/notification-rule-limits-${language}.png` });
    await dialog.getByRole('button', { name: language === 'es' ? 'Cancelar' : 'Cancel' }).click();
  }
});

test('the mail outbox status badge is whole', async ({ page }) => {
  await page.request.post('/public/request/restore/password', {
    data: { email: 'user.norte@demo.aforo.dev' },
  });
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/system/mail-outbox');
  const badge = page.getByRole('table').getByText('En bandeja', { exact: true }).first();
  await expect(badge).toBeVisible();
  // not cut: the label's text fits in its box
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole('table').screenshot({ path: '../docs/screenshots/mail-outbox-badge.png' });
});

test("a client's device register: its own intro, installed devices located at their point", async ({
  page,
}) => {
  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/administration/devices');
  await expect(page.getByText('Los equipos de su empresa: en su almacén')).toBeVisible();
  await expect(page.getByText(/stock sin empresa/)).toHaveCount(0);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByText('Vacío', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '../docs/screenshots/devices-client-es.png' });
});
