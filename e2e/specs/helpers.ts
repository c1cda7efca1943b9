import { expect, type Page } from '@playwright/test';

export const demoPassword = 'aforo-demo-2026';

/** Signs in through the login form (Spanish UI) and waits for the shell. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByPlaceholder('Su contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\//);
}

export function leftBar(page: Page) {
  return page.getByRole('navigation', { name: 'Navegación' });
}
