import { expect, test, type Page } from '@playwright/test';
import { openSignedIn } from './helpers';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test('the built app runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto('/login');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  await openSignedIn(page, 'admin-cliente.norte@demo.aforo.dev', '/app/operation/points');
  await expect(page.getByRole('main')).toBeVisible();
  // the point page draws the chart (canvas, inline styles) and the date pickers
  await page.getByRole('main').getByRole('link').filter({ hasText: /Ebro/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Evolución' })).toBeVisible();
  await page.goto('/app/operation/measures');
  await expect(page.getByRole('main')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API documentation viewer runs under the policy', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Aforo API').first()).toBeVisible();
  expect(violations).toEqual([]);
});
