import { expect, test, type Page } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

const who = 'admin-cliente.norte@demo.aforo.dev';
/** contracts/src/constants.ts alertColours (docs/ALERTS.md). */
const colours: Record<string, string> = {
  DANGER: '#FF0000',
  NO_TRANSMISSION: '#FFA500',
  WARNING: '#FFFF00',
  OUT_OF_RANGE: '#0000FF',
  OK: '#008000',
};
const rank: Record<string, number> = { DANGER: 4, NO_TRANSMISSION: 3, WARNING: 2, OUT_OF_RANGE: 1, OK: 0 };

interface MapPayload {
  layers: { id: string; viewable: boolean }[];
  points: { id: string; n: string; lv: string; ly: number[] }[];
  tiles: { url: string | null };
}

async function mapPayload(page: Page): Promise<MapPayload> {
  const token = await apiToken(page.request, who);
  const res = await page.request.get('/api/map/points', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as MapPayload;
}

/** Every point the map should draw (layers start as marked viewable) is a marker of its level's colour or sits in a cluster of the worst level of its points. */
async function expectEveryPointColoured(page: Page, payload: MapPayload) {
  const shown = payload.points.filter(
    (p) => p.ly.length === 0 || p.ly.some((i) => payload.layers[i]!.viewable),
  );
  expect(shown.length).toBeGreaterThan(0);
  const levelOf = new Map(payload.points.map((p) => [p.id, p.lv]));
  let clustered = 0;
  for (const point of shown) {
    const marker = page.locator(`path.aforo-point-${point.id}`);
    const cluster = page.locator(`.aforo-cluster[data-ids~="${point.id}"]`);
    // exactly one of the two, once the map has settled on its zoom
    await expect(
      page.locator(`path.aforo-point-${point.id}, .aforo-cluster[data-ids~="${point.id}"]`),
      point.n,
    ).toHaveCount(1);
    if ((await marker.count()) === 1) {
      await expect(marker, point.n).toHaveAttribute('fill', colours[point.lv]!);
      continue;
    }
    const ids = ((await cluster.getAttribute('data-ids')) ?? '').split(' ');
    const worst = ids.map((id) => levelOf.get(id)!).sort((a, b) => rank[b]! - rank[a]!)[0]!;
    await expect(cluster).toHaveAttribute('data-level', worst);
    clustered++;
  }
  return { clustered };
}

test('the dashboard map shows each demo point in its level colour with no tile server, and opens the widget', async ({
  page,
}) => {
  const payload = await mapPayload(page);
  expect(payload.tiles.url).toContain('127.0.0.1:9');
  await openSignedIn(page, who, '/app/dashboard');
  const map = page.getByTestId('points-map');
  await expect(map).toBeVisible();
  await expect(page.locator('path.aforo-point, .aforo-cluster').first()).toBeVisible();
  // tiles were asked for and failed: none is shown, the points are
  expect(await page.locator('img.leaflet-tile-loaded').count()).toBe(0);
  const first = await expectEveryPointColoured(page, payload);

  // zoomed in, clusters split into their points: every point is then checked on its own
  if (first.clustered > 0) {
    for (let i = 0; i < 4 && (await page.locator('.aforo-cluster').count()) > 0; i++) {
      await page.locator('.aforo-cluster').first().click();
      await page.waitForTimeout(600);
      const shown = await page.locator('path.aforo-point').all();
      for (const path of shown) {
        const id = ((await path.getAttribute('class')) ?? '').match(/aforo-point-([0-9a-f-]{36})/)![1]!;
        const point = payload.points.find((p) => p.id === id)!;
        await expect(path, point.n).toHaveAttribute('fill', colours[point.lv]!);
      }
    }
  }

  // a popup with the river-level widget and the way to the point page, from the first view again
  await page.reload();
  await expect(page.locator('path.aforo-point').first()).toBeVisible();
  await page.waitForTimeout(500);
  const box = (await map.boundingBox())!;
  let marker = page.locator('path.aforo-point').first();
  for (const path of await page.locator('path.aforo-point').all()) {
    const b = await path.boundingBox();
    if (
      b &&
      b.x > box.x + 40 &&
      b.y > box.y + 60 &&
      b.x + b.width < box.x + box.width - 20 &&
      b.y + b.height < box.y + box.height - 20
    ) {
      marker = path;
      break;
    }
  }
  const id = ((await marker.getAttribute('class')) ?? '').match(/aforo-point-([0-9a-f-]{36})/)![1]!;
  await marker.click();
  const popup = page.getByTestId('map-popup');
  await expect(popup).toBeVisible();
  const widget = popup.getByTestId('river-level-widget');
  await expect(widget).toBeVisible();
  await expect(widget).toHaveAttribute('data-point-id', id);
  await expect(widget).toContainText(payload.points.find((p) => p.id === id)!.n);
  await expect(popup.getByTestId('river-level-gauge')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Abrir el punto' })).toHaveAttribute(
    'href',
    `/app/operation/points/${id}`,
  );
});

test('a SPECTATOR sees the company map on the dashboard', async ({ page }) => {
  await openSignedIn(page, 'spectator.norte@demo.aforo.dev', '/app/dashboard');
  await expect(page.getByTestId('points-map')).toBeVisible();
  await expect(page.locator('path.aforo-point, .aforo-cluster').first()).toBeVisible();
});
