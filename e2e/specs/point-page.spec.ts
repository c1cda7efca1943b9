import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

const who = 'admin-cliente.norte@demo.aforo.dev';
const pointName = 'Ebro en Zaragoza (Puente de Piedra)';

test('the point page keeps its range in the URL and exports what its chart shows', async ({ page }) => {
  const token = await apiToken(page.request, who);
  const list = await page.request.get(
    `/api/points?length=-1&search=${encodeURIComponent('Ebro en Zaragoza')}`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  const point = ((await list.json()) as { rows: { id: string; name: string }[] }).rows.find(
    (p) => p.name === pointName,
  )!;

  // a bookmarked 30-day view opens as 30 days
  await openSignedIn(page, who, `/app/operation/points/${point.id}?range=30d`);
  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Evolución' }) });
  const range = card.getByRole('radiogroup', { name: 'Periodo' });
  await expect(range.getByRole('radio', { name: '30 d' })).toBeChecked();

  await range.getByText('1 año', { exact: true }).click();
  await expect(page).toHaveURL(/range=1y/);

  // custom starts from what was on screen, and survives a reload
  await range.getByText('Personalizado', { exact: true }).click();
  await expect(page).toHaveURL(/range=custom&from=[^&]+&to=/);
  const from = card.getByLabel('Desde');
  await expect(from).toBeVisible();
  await page.reload();
  await expect(
    card.getByRole('radiogroup', { name: 'Periodo' }).getByRole('radio', { name: 'Personalizado' }),
  ).toBeChecked();
  // the picker's value string (ui/DateTimeInput), as the native input's value was
  await expect(card.getByLabel('Desde')).toHaveAttribute('data-value', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

  await range.getByText('7 d', { exact: true }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page).not.toHaveURL(/from=/);

  const exportButton = card.getByRole('button', { name: 'Exportar' });
  if (await exportButton.isDisabled()) {
    // nothing measured in the period: nothing to export
    await expect(card.getByText('Sin medidas en este periodo')).toBeVisible();
  } else {
    await exportButton.click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(
      /^Ebro-en-Zaragoza-Puente-de-Piedra_\w+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = readFileSync((await csv.path())!, 'utf8');
    // written by the server (exports.spec.ts reads it in full): a BOM, so spreadsheet programs read
    // the accents as UTF-8; in Spanish `;` between fields and a decimal comma
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('ts;value;min;max;count;flag');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2};-?\d+(,\d{1,3})?;/);

    await exportButton.click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'XLSX' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  }

  // the device's events and the point's components sit below the chart
  await expect(page.getByRole('heading', { name: 'Eventos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todos los eventos' })).toHaveAttribute(
    'href',
    `/app/operation/events?pointId=${point.id}`,
  );
});
