import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers';

test("editing a user's name shows in the history of changes with before and after", async ({ page }) => {
  const newName = `Espectadora ${Date.now().toString().slice(-5)}`;
  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/accounts');
  const table = page.getByRole('table', { name: 'Usuarios' });
  const row = table.getByRole('row').filter({ hasText: 'spectator.norte@demo.aforo.dev' });
  const before = (await row.getByRole('cell').first().innerText()).split('\n')[0]!.split(' ')[0]!;
  await row.getByRole('button', { name: /^Acciones de / }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
  const name = dialog.getByRole('textbox', { name: 'Nombre', exact: true });
  await expect(name).toHaveValue(before);
  await name.fill(newName);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario guardado.')).toBeVisible();
  await expect(row).toContainText(newName);

  await page
    .getByRole('navigation', { name: 'Navegación' })
    .getByRole('link', { name: 'Historial de cambios' })
    .click();
  await expect(page).toHaveURL(/\/app\/history-changes\/history-changes$/);
  await page.getByRole('combobox', { name: 'Tipo de elemento' }).click();
  await page.getByRole('option', { name: 'Usuario' }).click();
  await expect(page).toHaveURL(/entityType=user/);

  const entries = page.getByRole('table', { name: 'Historial de cambios' });
  const entry = entries.getByRole('row').filter({ hasText: newName }).first();
  await expect(entry).toContainText('Modificación');
  await expect(entry).toContainText('admin-cliente.norte@demo.aforo.dev');
  const change = entry.getByRole('row').filter({ hasText: /^Nombre/ });
  await expect(change.getByRole('cell')).toHaveText(['Nombre', before, newName]);

  // the filters live in the URL: a reload keeps them
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tipo de elemento' })).toHaveValue('Usuario');
  await expect(entries.getByRole('row').filter({ hasText: newName }).first()).toBeVisible();
});
