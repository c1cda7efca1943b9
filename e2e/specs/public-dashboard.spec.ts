import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, leftBar, signIn } from './helpers';

const slug = 'canal-del-norte';
const who = 'admin-cliente.norte@demo.aforo.dev';

interface Secrets {
  publicPoints: { id: string; name: string }[];
  privatePoints: { id: string; name: string }[];
  serials: string[];
  deviceIds: string[];
}

/** What must never leave the public page: read first through the signed-in API, as the company's admin. */
async function readSecrets(request: APIRequestContext): Promise<Secrets> {
  const headers = { Authorization: `Bearer ${await apiToken(request, who)}` };
  const points = await request.get('/api/points?length=-1', { headers });
  expect(points.ok()).toBeTruthy();
  const rows = (
    (await points.json()) as { rows: { id: string; name: string; public: boolean; test: boolean }[] }
  ).rows;
  const devices = await request.get('/api/devices?length=-1', { headers });
  expect(devices.ok()).toBeTruthy();
  const deviceRows = ((await devices.json()) as { rows: { id: string; serial: string }[] }).rows;
  return {
    publicPoints: rows.filter((p) => p.public && !p.test).map(({ id, name }) => ({ id, name })),
    privatePoints: rows.filter((p) => !p.public).map(({ id, name }) => ({ id, name })),
    serials: deviceRows.map((d) => d.serial),
    deviceIds: deviceRows.map((d) => d.id),
  };
}

/** A page on another origin that puts `?src=` in an iframe, as a site embedding the widget would. */
async function serveEmbedder(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    const safe = src.replace(/[^\w:/.?=&%-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Embedder</title><iframe id="f" src="${safe}" width="600" height="420"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every request the page makes, and every response body it receives. */
function watch(page: Page) {
  const urls: string[] = [];
  const bodies: Promise<{ url: string; body: string }>[] = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('response', (r) => {
    bodies.push(
      r.text().then(
        (body) => ({ url: r.url(), body }),
        () => ({ url: r.url(), body: '' }),
      ),
    );
  });
  return { urls, bodies: () => Promise.all(bodies) };
}

async function openPublicPage(page: Page, secrets: Secrets) {
  await page.goto(`/public/dashboard/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Canal del Norte S.A.' })).toBeVisible();
  await expect(page.getByTestId('public-point')).toHaveCount(secrets.publicPoints.length);
  // every 7-day chart's call answered (a point without measures says so instead of drawing)
  await expect(page.locator('[data-testid="public-chart"][data-state="success"]')).toHaveCount(
    secrets.publicPoints.length,
    { timeout: 20_000 },
  );
  await expect(page.locator('[data-testid="public-point"] canvas').first()).toBeVisible();
  await expect(page.getByTestId('datum-explained')).toBeVisible();
}

test('the public page shows only public points, and no request it makes can return private data', async ({
  page,
  request,
}) => {
  const secrets = await readSecrets(request);
  expect(secrets.publicPoints.length).toBeGreaterThan(0);
  expect(secrets.privatePoints.length).toBeGreaterThan(0);
  expect(secrets.serials.length).toBeGreaterThan(0);

  const seen = watch(page);
  await openPublicPage(page, secrets);
  for (const point of secrets.publicPoints)
    await expect(page.locator(`[data-testid="public-point"][data-point-id="${point.id}"]`)).toBeVisible();
  // the map draws each public point (alone or in a cluster) and nothing else
  const drawn = page.locator('path.aforo-point, .aforo-cluster');
  await expect(drawn.first()).toBeVisible();
  for (const point of secrets.privatePoints)
    await expect(
      page.locator(`path.aforo-point-${point.id}, .aforo-cluster[data-ids~="${point.id}"]`),
    ).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  const base = new URL(page.url()).origin;
  const tileOrigin = 'http://127.0.0.1:9'; // playwright.config.ts MAP_TILE_URL (refuses connections)
  for (const url of seen.urls) {
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith(tileOrigin)) continue;
    const parsed = new URL(url);
    expect(parsed.origin, url).toBe(base);
    const isPublicCall = parsed.pathname.startsWith('/public/');
    // the built web app's files (web/dist: assets/, favicon.svg, zod-jitless.js…)
    const isStatic = /^\/(assets\/[\w.-]+|[\w-]+\.(?:js|css|svg|png|ico|webmanifest|woff2?))$/.test(
      parsed.pathname,
    );
    expect(isPublicCall || isStatic, url).toBe(true);
  }
  // the page (document) and its data share one address; then one chart call per public point
  expect(seen.urls.filter((u) => u === page.url()).length).toBe(2);
  expect(seen.urls.filter((u) => u.includes('/series?range=7d')).length).toBe(secrets.publicPoints.length);

  const secretStrings = [
    ...secrets.privatePoints.map((p) => p.name),
    ...secrets.privatePoints.map((p) => p.id),
    ...secrets.serials,
    ...secrets.deviceIds,
  ];
  for (const { url, body } of await seen.bodies())
    for (const secret of secretStrings) expect(body.includes(secret), `${url} holds ${secret}`).toBe(false);

  // the calls the page could be made to make about other points answer nothing
  for (const point of secrets.privatePoints.slice(0, 3)) {
    const res = await request.get(`/public/dashboard/${slug}/points/${point.id}/series?range=7d`);
    expect(res.status()).toBe(404);
  }
});

test('the page speaks the browser language with a switch, and offers each widget for iframes', async ({
  page,
  request,
  browser,
}) => {
  const secrets = await readSecrets(request);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openPublicPage(page, secrets);
  await expect(page.getByText('¿Desde dónde se miden los niveles?')).toBeVisible();
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: '../docs/screenshots/public-dashboard-es.png', fullPage: false });

  await page.getByRole('button', { name: 'Insertar' }).first().click();
  const code = (await page.getByTestId('embed-code').textContent()) ?? '';
  const src = /src="([^"]+)"/.exec(code)?.[1] ?? '';
  expect(src).toMatch(new RegExp(`/public/dashboard/${slug}/widget/[0-9a-f-]{36}$`));
  await page.keyboard.press('Escape');

  // another site (a server of its own on another port: another origin) frames the widget: it loads;
  // the whole page refuses to be framed
  const embedding = await serveEmbedder();
  const embedder = async (iframeSrc: string) => {
    const other = await browser.newPage();
    await other.goto(`${embedding.origin}/?src=${encodeURIComponent(iframeSrc)}`);
    return other;
  };
  const site = await embedder(src);
  await expect(site.frameLocator('#f').getByTestId('public-widget')).toBeVisible();
  await expect(site.frameLocator('#f').getByTestId('river-level-widget')).toHaveCount(1);
  if (process.env.E2E_SCREENSHOTS)
    await site.screenshot({
      path: '../docs/screenshots/public-dashboard-widget-es.png',
      clip: { x: 0, y: 0, width: 640, height: 450 },
    });
  const refused = await embedder(page.url());
  // Chromium shows its error page in place of a frame its headers forbid
  await expect.poll(() => refused.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(true);
  await expect(refused.frameLocator('#f').getByTestId('public-dashboard')).toHaveCount(0);
  await site.close();
  await refused.close();
  await embedding.close();

  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByText('What are the levels measured from?')).toBeVisible();
  await expect(page.getByText('Last 7 days').first()).toBeVisible();
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: '../docs/screenshots/public-dashboard-en.png', fullPage: false });
});

test('the left bar’s "Panel público" opens the current company’s public page', async ({ page }) => {
  await signIn(page, who);
  const link = leftBar(page).getByRole('link', { name: /Panel público/ });
  await expect(link).toHaveAttribute('href', `/public/dashboard/${slug}`);
  await expect(link).toHaveAttribute('target', '_blank');
});
