/**
 * The frame of every report PDF (docs/REPORTS.md "Report files"): A4 landscape, Helvetica, the
 * report's header block and "Página 1 de 3" footers, rendered whole into a Buffer.
 *
 * Same report, same bytes (a closed month is frozen with its SHA-256, docs/REPORTS.md "Month close"):
 * pdfkit takes its CreationDate from the info we give (report.generatedAt), derives the file /ID
 * from that info (an MD5 of it, no randomness), the standard fonts are not embedded (no random
 * subset tag), and deflate is deterministic for a given zlib. The bytes can change with pdfkit or
 * Node's zlib version, never between two renders on one server.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '@aforo/contracts/constants';
import { fill, reportLabels, type ReportKind } from './labels';
import { companyText, generatedText, periodText, type ReportHeader } from './report-text';

export type Pdf = PDFKit.PDFDocument;

/** A4 landscape in points, and the blank around the content. */
export const pageSize = { width: 841.89, height: 595.28, margin: 36 } as const;
export const contentWidth = pageSize.width - 2 * pageSize.margin;
/** The lowest y a row may reach: the footer sits below it. */
export const contentBottom = pageSize.height - pageSize.margin;

export const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
export const ink = { text: '#1a1a1a', muted: '#555555', rule: '#b8bec6', band: '#eef1f4', head: '#dde3ea' };

// the characters beyond Latin-1 that the standard fonts' WinAnsi encoding holds (pdfkit's table)
const winAnsiExtra = new Set(
  [
    402, 710, 732, 338, 339, 352, 353, 376, 381, 382, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224,
    8225, 8226, 8230, 8240, 8249, 8250, 8364, 8482,
  ].map((code) => String.fromCodePoint(code)),
);
const standIns: Record<string, string> = { '\u2212': '\u2013', '\u202f': ' ', '\u2009': ' ' };

/**
 * The text as Helvetica can write it: the standard fonts only know WinAnsi, so the formula's minus
 * becomes an en dash, subscript digits (mH₂O) plain digits, anything else unknown "?".
 */
export function pdfSafe(text: string): string {
  let safe = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (standIns[char] !== undefined) safe += standIns[char];
    else if (code >= 0x2080 && code <= 0x2089) safe += String(code - 0x2080);
    else if (code < 0x20) safe += ' ';
    else if ((code >= 0x7f && code < 0xa0) || (code > 0xff && !winAnsiExtra.has(char))) safe += '?';
    else safe += char;
  }
  return safe;
}

export interface PdfMeta {
  kind: ReportKind;
  header: ReportHeader;
  lang: Language;
}

/** The footer of every page: what the report is on the left, "Página n de N" on the right. */
function drawFooters(doc: Pdf, meta: PdfMeta): void {
  const labels = reportLabels[meta.lang];
  const range = doc.bufferedPageRange();
  const about = `${labels.title[meta.kind]} · ${companyText(meta.header, meta.lang)} · ${meta.header.period.label}`;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // the footer sits in the bottom margin: without this pdfkit would start a new page for it
    doc.page.margins.bottom = 0;
    const y = pageSize.height - pageSize.margin + 12;
    const pageText = fill(labels.page, { page: index + 1, pages: range.count });
    doc.font(fonts.regular).fontSize(7).fillColor(ink.muted);
    doc.text(pdfSafe(about), pageSize.margin, y, { lineBreak: false });
    const right = pageSize.width - pageSize.margin - doc.widthOfString(pageText);
    doc.text(pdfSafe(pageText), right, y, { lineBreak: false });
  }
}

/** Renders a report PDF: `draw` writes the pages, the footers are added once the count is known. */
export function renderPdf(meta: PdfMeta, draw: (doc: Pdf) => void): Promise<Buffer> {
  const labels = reportLabels[meta.lang];
  const created = new Date(meta.header.generatedAt);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: pageSize.margin,
    bufferPages: true,
    lang: meta.lang === 'es' ? 'es-ES' : 'en-GB',
    displayTitle: true,
    info: {
      Title: pdfSafe(`${labels.title[meta.kind]} ${meta.header.period.label}`),
      Subject: pdfSafe(companyText(meta.header, meta.lang)),
      Author: 'Aforo',
      Creator: 'Aforo',
      Producer: 'Aforo',
      CreationDate: created,
      ModDate: created,
    },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font(fonts.regular).fillColor(ink.text);
      draw(doc);
      drawFooters(doc, meta);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** A "Label: value" line of the header block. */
function headerLine(doc: Pdf, label: string, value: string, font = fonts.regular): void {
  doc.font(fonts.bold).fontSize(9).fillColor(ink.text);
  doc.text(pdfSafe(`${label}: `), { continued: true, width: contentWidth });
  doc.font(font).text(pdfSafe(value));
}

/** Title, company (or the whole network), period, generation time and the formula. */
export function drawReportHeader(doc: Pdf, meta: PdfMeta): void {
  const labels = reportLabels[meta.lang];
  const { header, lang } = meta;
  doc.font(fonts.bold).fontSize(15).fillColor(ink.text);
  doc.text(pdfSafe(labels.title[meta.kind]), pageSize.margin, pageSize.margin, { width: contentWidth });
  doc.moveDown(0.3);
  headerLine(doc, labels.company, companyText(header, lang));
  headerLine(doc, labels.period, periodText(header, lang));
  headerLine(doc, labels.generated, generatedText(header));
  headerLine(doc, labels.formulaLabel, labels.formula, fonts.italic);
  doc.moveDown(0.6);
}

/** A small bold heading above a table or list. */
export function drawHeading(doc: Pdf, text: string): void {
  if (doc.y + 40 > contentBottom) doc.addPage();
  doc.font(fonts.bold).fontSize(10).fillColor(ink.text);
  doc.text(pdfSafe(text), pageSize.margin, doc.y, { width: contentWidth });
  doc.moveDown(0.25);
}
