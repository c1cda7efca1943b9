import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

/** Opens a path as the given account with "Canal del Norte" as the current company. */
async function openInCanalDelNorte(page: Page, email: string, path: string): Promise<void> {
  const token = await apiToken(page.request, email);
  const info = await page.request.get('/api/users/info/logged', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const user = (await info.json()) as { companies: { id: string; businessName: string }[] };
  const company = user.companies.find((c) => c.businessName.startsWith('Canal del Norte'));
  expect(company, 'Canal del Norte among the chief’s companies').toBeTruthy();
  await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('aforo.session', JSON.stringify(session)), {
    token,
    language: 'es',
    currentCompanyId: company!.id,
    returnPath: null,
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

async function pick(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Runs one action of a device's menu and confirms it. */
async function deviceAction(page: Page, serial: string, action: string, warning?: RegExp): Promise<void> {
  await page.getByRole('button', { name: `Acciones de ${serial}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  if (warning) await expect(dialog).toContainText(warning);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('a device goes from the stock to a point, through maintenance, and is decommissioned', async ({
  page,
}) => {
  test.setTimeout(120_000); // the whole life cycle in one story
  const serial = `E2E-${Date.now() % 100_000_000}`;
  const pointName = `Punto ${serial}`;

  // the chief registers a device: it enters the stock
  await openInCanalDelNorte(page, 'chief@demo.aforo.dev', '/app/administration/devices');
  await page.getByRole('button', { name: 'Nuevo equipo' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo equipo' });
  await form.getByLabel('Número de serie').fill(serial);
  // the product first: the models offered are the ones it is made with
  await pick(page, form.getByRole('combobox', { name: 'Producto' }), /^LVL/);
  await pick(page, form.getByRole('combobox', { name: 'Modelo' }), /.+/);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El equipo se ha guardado.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(serial);
  const row = page.getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Disponible');
  await expect(row).toContainText('Stock');

  // assigned to Canal del Norte it becomes Inactive
  await page.getByRole('button', { name: `Acciones de ${serial}` }).click();
  await page.getByRole('menuitem', { name: 'Asignar a empresa' }).click();
  const assign = page.getByRole('dialog', { name: `Asignar ${serial} a una empresa` });
  await pick(page, assign.getByRole('combobox', { name: 'Empresa' }), /^Canal del Norte/);
  await assign.getByRole('button', { name: 'Asignar a empresa' }).click();
  await expect(row).toContainText('Inactivo');

  // a point of Canal del Norte
  await page.goto('/app/operation/points');
  await page.getByRole('button', { name: 'Nuevo punto' }).click();
  const pointForm = page.getByRole('dialog', { name: 'Nuevo punto' });
  await pointForm.getByLabel('Nombre').fill(pointName);
  await pointForm.getByLabel('Latitud').fill('42.8');
  await pointForm.getByLabel('Longitud').fill('-1.64');
  await pointForm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El punto de medición se ha guardado.')).toBeVisible();

  // the install wizard: device, point and its parameters, confirm
  await page.goto('/app/operation/devices');
  await page.getByRole('button', { name: 'Instalar un equipo' }).click();
  const wizard = page.getByRole('dialog', { name: 'Instalar un equipo' });
  await pick(page, wizard.getByRole('combobox', { name: 'Equipo' }), new RegExp(serial));
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await pick(page, wizard.getByRole('combobox', { name: 'Punto de medición' }), pointName);
  await expect(wizard).toContainText('Tiempo de transmisión');
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard).toContainText(`El equipo ${serial} se instalará en ${pointName}`);
  await wizard.getByRole('button', { name: 'Instalar' }).click();
  await expect(page.getByText(`El equipo ${serial} se ha instalado en ${pointName}.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(serial);
  const opRow = page.getByRole('row', { name: new RegExp(serial) });
  await expect(opRow).toContainText('Activo');
  await expect(opRow).toContainText(pointName);

  await deviceAction(page, serial, 'Enviar a mantenimiento', /alertas quedarán silenciadas/);
  await expect(opRow).toContainText('Mantenimiento');
  await deviceAction(page, serial, 'Marcar reparado');
  await expect(opRow).toContainText('Reparado');
  await deviceAction(page, serial, 'Desinstalar');
  await expect(opRow).toContainText('Inactivo');
  await expect(opRow).not.toContainText(pointName);

  // only the admin decommissions
  await page.getByRole('button', { name: `Acciones de ${serial}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Dar de baja' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await openSignedIn(page, 'admin@demo.aforo.dev', `/app/administration/devices?search=${serial}`);
  await deviceAction(page, serial, 'Dar de baja', /definitivamente/);
  await expect(page.getByRole('row', { name: new RegExp(serial) })).toContainText('Dado de baja');
});
