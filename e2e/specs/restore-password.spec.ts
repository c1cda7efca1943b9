import { expect, test } from '@playwright/test';
import { adminToken, latestMailTo, linkPath, signIn } from './helpers';

test('forgot password: the mailed link sets a new password, which then signs in', async ({
  page,
  request,
}) => {
  const email = 'user.levante@demo.aforo.dev';
  const newPassword = 'levante-nueva-2026';

  await page.goto('/login');
  await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
  await expect(page).toHaveURL(/\/restore-password$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText(`Si existe una cuenta con ${email}`);

  // an unknown address gets exactly the same answer
  await page.goto('/restore-password');
  await page.getByLabel('Correo electrónico').fill('nadie@example.com');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si existe una cuenta con nadie@example.com');

  const mail = await latestMailTo(request, await adminToken(request), email);
  const link = linkPath(mail.text, '/restore-password');
  expect(link).toMatch(/^\/restore-password\?token=/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elija una nueva contraseña' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(newPassword);
  await page.getByLabel('Repita la nueva contraseña').fill('otra-distinta-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Repita la nueva contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();

  await expect(page).toHaveURL(/\/confirm-restore-password$/);
  await expect(page.getByRole('heading', { name: 'Contraseña restablecida' })).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, newPassword);

  // the link is single-use
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('otra-vez-2026-x');
  await page.getByLabel('Repita la nueva contraseña').fill('otra-vez-2026-x');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('el enlace no es válido o ha caducado');
  await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeVisible();
});
