import { expect, test } from '@playwright/test';
import { linkPath, openSignedIn } from './helpers';

test('a Client Admin creates a user, who activates the account from the mail and signs in', async ({
  page,
  browser,
}) => {
  const email = `nuevo.${Date.now()}@canalnorte.example`;
  const password = 'agua-clara-2026';

  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/accounts');
  const table = page.getByRole('table', { name: 'Usuarios' });
  await expect(table.getByText('user.norte@demo.aforo.dev')).toBeVisible();
  // the Client Admin's list holds Canal del Norte's users only
  await expect(table).not.toContainText('levante');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('levante');
  await expect(page).toHaveURL(/search=levante/);
  await expect(page.getByRole('main').getByText('Sin resultados')).toBeVisible();
  await page.goBack();
  await expect(table.getByText('user.norte@demo.aforo.dev')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  // only company roles, no provider staff choice
  await expect(dialog.getByRole('checkbox')).toHaveCount(4);
  await expect(dialog.getByText('Superadministrador')).toHaveCount(0);
  await expect(dialog.getByText('Personal del proveedor')).toHaveCount(0);

  // an email already in the company is refused under the field before saving (another company's
  // addresses are not revealed by the check: only saving refuses them)
  const emailField = dialog.getByLabel('Correo electrónico');
  await emailField.fill('user.norte@demo.aforo.dev');
  await emailField.blur();
  await expect(dialog.getByText(/ya existe|ya está registrado|ya pertenece/i)).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Nerea');
  await dialog.getByLabel('Apellidos').fill('Goikoetxea');
  await emailField.fill(email);
  await dialog.getByRole('checkbox', { name: 'Operador', exact: true }).check();
  await dialog.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText(`Se ha enviado un correo de activación a ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Nerea Goikoetxea');
  await expect(row).toContainText('Creado');
  await expect(row).toContainText('Operador');

  // the outbox is ADMIN-only: read the activation mail as the admin, in another browser context
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await openSignedIn(adminPage, 'admin@demo.aforo.dev', '/app/system/mail-outbox');
  await adminPage.getByRole('table', { name: 'Correo saliente' }).getByText(email).first().click();
  const mail = adminPage.getByRole('dialog');
  await expect(mail).toContainText(email);
  const text = await mail.getByTestId('mail-text').innerText();
  const activation = linkPath(text, '/activate/user/');
  await adminContext.close();

  // the new user opens the link without a session
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto(activation);
  await expect(userPage.getByRole('heading', { name: 'Bienvenido/a, Nerea' })).toBeVisible();
  await userPage.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('corta');
  await userPage.getByLabel('Repita la nueva contraseña').fill('corta');
  await userPage.getByRole('button', { name: 'Activar cuenta' }).click();
  await expect(userPage.getByText('Debe tener al menos 10 caracteres')).toBeVisible();
  await userPage.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(password);
  await userPage.getByLabel('Repita la nueva contraseña').fill(password);
  await userPage.getByRole('button', { name: 'Activar cuenta' }).click();
  await expect(userPage.getByRole('heading', { name: 'Cuenta activada' })).toBeVisible();
  await userPage.getByRole('link', { name: 'Iniciar sesión' }).click();
  await userPage.getByLabel('Correo electrónico').fill(email);
  await userPage.getByPlaceholder('Su contraseña').fill(password);
  await userPage.getByRole('button', { name: 'Entrar' }).click();
  await expect(userPage).toHaveURL(/\/app\//);
  await expect(userPage.getByRole('button', { name: 'Menú de usuario' })).toContainText('Nerea');

  // the link works once: used again it says the account is already active (spec PU1000) and offers sign-in
  await userPage.goto(activation);
  await expect(userPage.getByRole('status')).toContainText('El usuario ya está activo.');
  await expect(userPage.getByRole('link', { name: /iniciar sesión/i })).toBeVisible();
  await userContext.close();

  // back in the Client Admin's list the user is active now
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Activo');
});

test('an ADMIN manages billing plans and countries, and cannot delete a plan in use', async ({ page }) => {
  const suffix = Date.now().toString().slice(-6);
  await openSignedIn(page, 'admin@demo.aforo.dev', '/app/system');
  const plans = page.getByRole('table', { name: 'Planes de facturación' });
  await expect(plans.getByText('Profesional')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo plan' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Este campo es obligatorio')).toHaveCount(4);
  await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Plan ${suffix}`);
  await dialog.getByLabel('Llamadas a la API al mes').fill('5000');
  await dialog.getByLabel('Máx. puntos').fill('10');
  await dialog.getByLabel('Máx. usuarios').fill('3');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan de facturación guardado.')).toBeVisible();
  await expect(plans.getByRole('row').filter({ hasText: `Plan ${suffix}` })).toContainText('5000');

  // Básico has companies: the server refuses and the confirmation shows its message
  await page.getByRole('button', { name: 'Acciones de Básico' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar plan de facturación' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(
    page.getByText('No se puede eliminar el plan de facturación porque tiene empresas asociadas.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('tab', { name: 'Países' }).click();
  await expect(page).toHaveURL(/\/app\/system\/countries$/);
  await page.getByRole('button', { name: 'Nuevo país' }).click();
  const country = page.getByRole('dialog', { name: 'Nuevo país' });
  await country.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Italia ${suffix}`);
  await country.getByLabel('Código ISO').fill('es');
  await country.getByRole('button', { name: 'Guardar' }).click();
  await expect(country.getByText('Ya existe un país con este código ISO.')).toBeVisible();
  await country.getByLabel('Código ISO').fill('it');
  await country.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('table', { name: 'Países' }).getByText(`Italia ${suffix}`)).toBeVisible();
});
