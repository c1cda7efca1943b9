/**
 * Numbers and dates in the interface language (issue 22 items 1 and 12): the point page in Spanish
 * writes decimal commas, its number fields take them, and its date picker is Spanish with a 24-hour
 * clock; switched to English, points; the public dashboard's texts follow a language switch.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';

const who = 'admin-cliente.norte@demo.aforo.dev';
const slug = 'canal-del-norte';
const shots = process.env.E2E_SCREENSHOTS ? '../docs/screenshots' : null;

interface PointRow {
  id: string;
  name: string;
  groundLevel: number | null;
  alertValue: number | null;
  device: { id: string } | null;
}

const number = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value);

/** A point with decimals in its levels and a device, so the panel has commas to show. */
async function pointWithDecimals(page: Page): Promise<PointRow> {
  const token = await apiToken(page.request, who);
  const res = await page.request.get('/api/points?length=-1', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await res.json()) as { rows: PointRow[] }).rows;
  const point = rows.find(
    (p) =>
      p.device !== null &&
      p.groundLevel !== null &&
      !Number.isInteger(p.groundLevel) &&
      p.alertValue !== null &&
      !Number.isInteger(p.alertValue),
  );
  expect(point, 'a demo point with decimal levels and a device').toBeTruthy();
  return point!;
}

/** The value shown under a caption of the point's data card. */
function fact(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).first().locator('xpath=following-sibling::div');
}

/** The point's data card and, below it, its device card (battery), in one tall picture. */
async function shootPanel(page: Page, path: string) {
  await page.setViewportSize({ width: 1280, height: 1700 });
  await page
    .getByTestId('point-facts')
    .evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top - 80));
  await page.screenshot({ path });
  await page.setViewportSize({ width: 1280, height: 1000 });
}

async function switchLanguage(page: Page, to: 'EN' | 'ES') {
  await page
    .getByRole('radiogroup', { name: /^(Idioma|Language)$/ })
    .getByText(to, { exact: true })
    .click();
}

test('the point page in Spanish, then in English: panel numbers, a number field, the date picker', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  const point = await pointWithDecimals(page);
  await openSignedIn(page, who, `/app/operation/points/${point.id}`);
  await expect(page.getByRole('heading', { name: point.name })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Periodo' }).getByText('Personalizado', { exact: true }).click();

  // the panel: "Cota del terreno 6,5", "Nivel de peligro 5,2", a battery in volts with a comma
  const ground = number('es-ES', point.groundLevel!);
  expect(ground).toContain(',');
  await expect(fact(page, 'Cota del terreno')).toHaveText(ground);
  await expect(fact(page, 'Nivel de peligro')).toHaveText(number('es-ES', point.alertValue!));
  await expect(fact(page, 'Coordenadas')).toHaveText(/^-?\d+(,\d+)?; -?\d+(,\d+)?$/);
  await expect(fact(page, 'Batería')).toHaveText(/^(\d+(,\d{1,2})? V|—)$/);
  if (shots) await shootPanel(page, `${shots}/locale-point-panel-es.png`);

  // the chart's custom range: a Spanish calendar, DD/MM/YYYY HH:mm, 24-hour time, no AM/PM
  const from = page.getByRole('button', { name: 'Desde' });
  await expect(from).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await from.click();
  const picker = page.getByRole('dialog');
  await expect(picker.getByRole('button', { name: 'Elegir el mes' })).toHaveText(
    /^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) \d{4}$/,
  );
  await expect(picker.getByRole('columnheader').first()).toHaveText(/^lu/i);
  await expect(picker.getByLabel('Horas')).toBeVisible();
  await expect(picker.getByText(/^(AM|PM|a\. ?m\.|p\. ?m\.)$/i)).toHaveCount(0);
  await picker.getByLabel('Horas').fill('18');
  await expect(picker.getByLabel('Horas')).toHaveValue('18');
  if (shots) await page.screenshot({ path: `${shots}/locale-date-input-es.png` });
  await picker.getByRole('button', { name: 'Aceptar' }).click();
  await expect(from).toHaveText(/ 18:\d{2}$/);

  // a number field of the point form shows and takes the comma; "6.75" set at once is 6,75, not 675
  await page.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('dialog');
  const groundInput = form.getByRole('textbox', { name: 'Cota del terreno' });
  await expect(groundInput).toHaveValue(ground);
  await groundInput.fill('6.75');
  await expect(groundInput).toHaveValue('6,75');
  await groundInput.fill('');
  await groundInput.pressSequentially('7,5');
  await expect(groundInput).toHaveValue('7,5');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  // English: points, the same day-first dates and 24-hour time, an English calendar
  await switchLanguage(page, 'EN');
  await expect(fact(page, 'Ground level')).toHaveText(number('en-GB', point.groundLevel!));
  await expect(fact(page, 'Danger level')).toHaveText(number('en-GB', point.alertValue!));
  await expect(fact(page, 'Battery')).toHaveText(/^(\d+(\.\d{1,2})? V|—)$/);
  if (shots) await shootPanel(page, `${shots}/locale-point-panel-en.png`);
  const fromEn = page.getByRole('button', { name: 'From' });
  await expect(fromEn).toHaveText(/^\d{2}\/\d{2}\/\d{4} 18:\d{2}$/);
  await fromEn.click();
  const pickerEn = page.getByRole('dialog');
  await expect(pickerEn.getByRole('button', { name: 'Choose the month' })).toHaveText(
    /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
  );
  await expect(pickerEn.getByLabel('Hours')).toHaveValue('18');
  await expect(pickerEn.getByText(/^(AM|PM)$/)).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/locale-date-input-en.png` });
  await page.keyboard.press('Escape');
});

test('the public dashboard re-reads its texts when the language changes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.goto(`/public/dashboard/${slug}`);
  const datum = page.getByTestId('datum-explained');
  await expect(datum.getByText(/^Cota de solera \(cero de la escala\)/)).toBeVisible();
  const value = page.getByTestId('river-level-value').first();
  await expect(value).toHaveText(/^(-?\d+(,\d{1,2})? \S+|—)$/);
  if (shots) await page.screenshot({ path: `${shots}/locale-public-dashboard-es.png` });

  // the datum comes from the server in the asked language: switched, it is asked again, in English
  await switchLanguage(page, 'EN');
  await expect(datum.getByText('What are the levels measured from?')).toBeVisible();
  await expect(datum.getByText(/^Invert level \(gauge zero\)/)).toBeVisible();
  await expect(datum.getByText(/^Ground level: height of the bank/)).toBeVisible();
  await expect(value).toHaveText(/^(-?\d+(\.\d{1,2})? \S+|—)$/);
  if (shots) await page.screenshot({ path: `${shots}/locale-public-dashboard-en.png` });

  // and back
  await switchLanguage(page, 'ES');
  await expect(datum.getByText(/^Cota del terreno: altura de la orilla/)).toBeVisible();
});
