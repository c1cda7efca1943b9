import { expect, test } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

const who = 'admin-cliente.norte@demo.aforo.dev';
const pointName = 'Ebro en Zaragoza (Puente de Piedra)';

test('the point page draws the chart of its measures, or says there are none', async ({ page }) => {
  const token = await apiToken(page.request, who);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get(
    `/api/points?length=-1&search=${encodeURIComponent('Ebro en Zaragoza')}`,
    {
      headers,
    },
  );
  const point = ((await list.json()) as { rows: { id: string; name: string }[] }).rows.find(
    (p) => p.name === pointName,
  )!;
  expect(point).toBeTruthy();

  await openSignedIn(page, who, `/app/operation/points/${point.id}`);
  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Evolución' }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Ver medidas' })).toHaveAttribute(
    'href',
    `/app/operation/measures?pointId=${point.id}`,
  );
  // the default view is the last 7 days: ask the API what the chart should show
  const to = Math.ceil(Date.now() / 60_000) * 60;
  const series = await page.request.get(`/api/points/${point.id}/series?from=${to - 7 * 86_400}&to=${to}`, {
    headers,
  });
  expect(series.ok()).toBeTruthy();
  const { points } = (await series.json()) as { points: { value: number | null }[] };
  if (points.some((p) => p.value !== null)) {
    const canvas = card.getByTestId('point-chart-canvas').locator('canvas').first();
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
  } else {
    await expect(card.getByText('Sin medidas en este periodo')).toBeVisible();
  }

  // another range re-queries and keeps the chart or the empty state on screen
  await card.getByText('30 d', { exact: true }).click();
  await expect(
    card.getByTestId('point-chart-canvas').or(card.getByText('Sin medidas en este periodo')),
  ).toBeVisible();
});
