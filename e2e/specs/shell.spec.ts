import { expect, test } from '@playwright/test';
import { leftBar, signIn } from './helpers';

test('signing in as the demo admin shows the shell with the left bar', async ({ page }) => {
  await signIn(page, 'admin@demo.aforo.dev');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hola, Ana' })).toBeVisible();
  const nav = leftBar(page);
  for (const label of [
    'Inicio',
    'Resumen',
    'Monitorización',
    'Sistema',
    'Cuentas',
    'Administración técnica',
    'Operación técnica',
    'Mantenimiento',
    'Capas',
    'Informes',
    'Historial de cambios',
  ]) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('main').getByText('Canal del Norte S.A.')).toBeVisible();
});

test('provider staff switch company with the selector; the choice survives a reload', async ({ page }) => {
  await signIn(page, 'viewer@demo.aforo.dev');
  const selector = page.getByRole('combobox', { name: 'Empresa' });
  await expect(selector).toHaveValue('Aforo Hidrometría S.L.');
  await selector.click();
  await page.getByRole('option', { name: 'Aguas de Levante S.L.' }).click();
  await expect(selector).toHaveValue('Aguas de Levante S.L.');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Empresa' })).toHaveValue('Aguas de Levante S.L.');
});

test('a wrong password shows the server’s translated message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill('admin@demo.aforo.dev');
  await page.getByPlaceholder('Su contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toContainText('No se pudo iniciar sesión');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unauthenticated visit to /app goes to /login, and back after signing in', async ({ page }) => {
  await page.goto('/app/monitoring');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill('chief@demo.aforo.dev');
  await page.getByPlaceholder('Su contraseña').fill('aforo-demo-2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/monitoring$/);
});

test('a USER visiting /app/system lands on /app/dashboard and never sees System', async ({ page }) => {
  await signIn(page, 'user.norte@demo.aforo.dev');
  await expect(leftBar(page).getByRole('link', { name: 'Monitorización' })).toBeVisible();
  await expect(leftBar(page).getByRole('link', { name: 'Sistema' })).toHaveCount(0);
  await expect(leftBar(page).getByRole('link', { name: 'Cuentas' })).toHaveCount(0);
  await page.goto('/app/system');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('an unknown path shows the not-found page with a link to the root', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('La página que busca no existe o se ha movido.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/login$/); // / → /app → /login for a visitor
});

test('switching language changes the texts, before and after signing in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.locator('label', { hasText: /^EN$/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('label', { hasText: /^ES$/ }).first().click();
  await signIn(page, 'admin@demo.aforo.dev');
  await page.locator('label', { hasText: /^EN$/ }).first().click();
  await expect(
    page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Change history' }),
  ).toBeVisible();
  await page.reload(); // the choice is persisted with the session
  await expect(
    page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Technical Operation' }),
  ).toBeVisible();
  await page.locator('label', { hasText: /^ES$/ }).first().click();
  await expect(leftBar(page).getByRole('link', { name: 'Operación técnica' })).toBeVisible();
});

test('signing out in one tab signs out the other', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'admin-cliente.norte@demo.aforo.dev');
  const second = await context.newPage();
  await second.goto('/app/dashboard');
  await expect(second.getByRole('heading', { name: /Hola/ })).toBeVisible();
  await first.getByRole('button', { name: 'Menú de usuario' }).click();
  await first.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});

test('a user in Change Password state is held on /change-password until the change', async ({ page }) => {
  await signIn(page, 'change-password@demo.aforo.dev');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Contraseña actual').fill('aforo-demo-2026');
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('a-brand-new-password');
  await page.getByRole('textbox', { name: 'Repita la nueva contraseña' }).fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Su contraseña se ha cambiado correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
