/**
 * The report PDFs read back with a real parser (pdf.js, server/src/test/pdf-text.ts): header,
 * formula, counts and figures in the reader's language, pages with their header and number, and
 * the same bytes for the same report.
 */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import { reportLabels } from './labels';
import { pdfSafe } from './pdf-document';
import { levelReportFixture, monthlyReportFixture, quarterlyReportFixture } from './report-fixtures';
import { levelReportPdf, monthlyReportPdf, quarterlyReportPdf } from './report-pdf';

/** The PDF's words on one line: a header that wraps in its cell reads as if it did not. */
async function textOf(pdf: Promise<Buffer>): Promise<string> {
  return (await pdfText(await pdf)).text.replace(/\s+/g, ' ');
}

describe('report PDFs', () => {
  it('write the monthly report in Spanish: company, period, formula, counts, decimal comma', async () => {
    const { pages, text, info } = await pdfText(
      await monthlyReportPdf(monthlyReportFixture(), { lang: 'es' }),
    );
    expect(pages).toHaveLength(1);
    expect(text).toContain('Informe mensual de operación');
    expect(text).toContain('Confederación Hidrográfica del Ebro');
    expect(text).toContain('2026-10 · del 1 de octubre de 2026 al 31 de octubre de 2026');
    expect(text).toContain('Generado: 01/11/2026 06:00 (UTC+01:00)');
    // Helvetica has no minus sign: the formula's "−" is drawn as an en dash
    expect(text).toContain(pdfSafe(reportLabels.es.formula));
    expect(text).toContain('(días – excluidos – sin transmisión) × 100');
    // the totals: days, correct, intermittent, incorrect, no transmission, excluded, %
    expect(text).toContain('91 65 5 10 8 3 87,5');
    expect(text).not.toContain('87.5');
    // a point's row: counts, %, min, max, mean with the unit; the gauge's rain total
    expect(text).toContain('Río Ebro en Zaragoza 24 2 2 1 2 92,9 2,368 m 2,911 m 2,566 m');
    expect(text).toContain('Pluviómetro Huesca 26 0 0 3 0 100 — — — 49,2 mm');
    expect(text).toContain('Río Ebro en Zaragoza — Equipo en mantenimiento: 05/10/2026, 06/10/2026');
    expect(text).toContain('Canal Imperial — Casablanca — Equipo dado de baja: 31/10/2026');
    expect(text).toContain('Página 1 de 1');
    expect(info.CreationDate).toBe('D:20261101050000Z');
    expect(info.Title).toBe('Informe mensual de operación 2026-10');
  });

  it('write it in English with the decimal point, and the network report with each point’s company', async () => {
    const en = await textOf(monthlyReportPdf(monthlyReportFixture(), { lang: 'en' }));
    expect(en).toContain('Company: Confederación Hidrográfica del Ebro');
    expect(en).toContain('2026-10 · from 1 October 2026 to 31 October 2026');
    expect(en).toContain('(days – excluded – no transmission) × 100');
    expect(en).toContain('91 65 5 10 8 3 87.5');
    expect(en).not.toContain('87,5');
    expect(en).toContain('Excluded days');
    expect(en).toContain('Device in maintenance: 05/10/2026, 06/10/2026');
    expect(en).toContain('Page 1 of 1');

    const network = monthlyReportFixture({ network: true });
    const es = await textOf(monthlyReportPdf(network, { lang: 'es' }));
    expect(es).toContain('Empresa: Toda la red');
    expect(es).toContain('Pluviómetro Huesca Ayuntamiento de Huesca 26');
    const whole = await textOf(monthlyReportPdf(network, { lang: 'en' }));
    expect(whole).toContain('Company: Whole network');
  });

  it('break a long report into pages, each with the table header and its number', async () => {
    const report = monthlyReportFixture({ extraPoints: 60 });
    const pages = (await pdfText(await monthlyReportPdf(report, { lang: 'es' }))).pages.map((page) =>
      page.replace(/\s+/g, ' '),
    );
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, index) => {
      expect(page).toContain('Punto Correctos Intermitentes Incorrectos');
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
    // every point once, in order
    const all = pages.join('\n');
    const at = report.rows.map((row) => all.indexOf(`${row.name} `));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(pages.at(-1)).toContain('Punto de control 60 30 0 0 1 0 100');
  });

  it('write the quarterly report: each month’s % and the quarter’s averages', async () => {
    const es = await textOf(quarterlyReportPdf(quarterlyReportFixture(), { lang: 'es' }));
    expect(es).toContain('Informe trimestral de operación');
    expect(es).toContain('2026-Q3 · del 1 de julio de 2026 al 30 de septiembre de 2026');
    expect(es).toContain('% jul 2026');
    expect(es).toContain('% sep 2026');
    expect(es).toContain('184 161 4 5 10 4 97,1');
    // July, August, September, the quarter, the mean of the months, then the daily level averages
    expect(es).toContain('Río Ebro en Zaragoza 100 93,1 87,5 93,9 93,5 2,455 m 2,812 m 2,567 m — —');
    expect(es).toContain('Pluviómetro Huesca 100 100 100 100 100 — — — 1,73 mm 50,8 mm');
    const en = await textOf(quarterlyReportPdf(quarterlyReportFixture(), { lang: 'en' }));
    expect(en).toContain('100 93.1 87.5 93.9 93.5 2.455 m');
    expect(en).toContain('% Sep 2026');
  });

  it('write the level report: per point the range, then per day min, max and mean', async () => {
    const es = await textOf(levelReportPdf(levelReportFixture(), { lang: 'es' }));
    expect(es).toContain('Informe de niveles');
    expect(es).toContain('del 1 de octubre de 2026 al 10 de octubre de 2026');
    expect(es).toContain('Río Ebro en Zaragoza Todo el periodo 2,368 m 2,911 m 2,554 m');
    expect(es).toContain('05/10/2026 excluido 144 2,492 m 2,849 m 2,604 m');
    // the gauge: no class before it was installed, rain totals instead of levels
    expect(es).toContain('01/10/2026 0 — — — —');
    expect(es).toContain('04/10/2026 correcto 144 — — — 3,6 mm');
    const en = await textOf(levelReportPdf(levelReportFixture({ network: true }), { lang: 'en' }));
    expect(en).toContain('Company: Whole network');
    expect(en).toContain('05/10/2026 excluded 144 2.492 m 2.849 m 2.604 m');
  });

  it('write Helvetica-safe text: no character outside WinAnsi reaches the page', () => {
    expect(pdfSafe('a − b')).toBe('a – b');
    expect(pdfSafe('mH₂O')).toBe('mH2O');
    expect(pdfSafe('Río Ñandú — 3 m³ × 100 €')).toBe('Río Ñandú — 3 m³ × 100 €');
    expect(pdfSafe('水位 ≥ 1')).toBe('?? ? 1');
  });

  it('give the same bytes for the same report, seconds apart', async () => {
    const report = monthlyReportFixture({ network: true });
    const first = await monthlyReportPdf(report, { lang: 'es' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await monthlyReportPdf(structuredClone(report), { lang: 'es' });
    expect(second.equals(first)).toBe(true);
    const quarter = quarterlyReportFixture();
    const levels = levelReportFixture();
    expect(
      (await quarterlyReportPdf(quarter, { lang: 'en' })).equals(
        await quarterlyReportPdf(quarter, { lang: 'en' }),
      ),
    ).toBe(true);
    expect(
      (await levelReportPdf(levels, { lang: 'es' })).equals(await levelReportPdf(levels, { lang: 'es' })),
    ).toBe(true);
  });
});
