/**
 * Tables drawn as text in the report PDFs (docs/REPORTS.md "Report files": tables, not screenshots):
 * a header band repeated on every page the table reaches, banded rows, cells cut with "…" rather
 * than wrapped so every row keeps its height.
 */
import { contentBottom, contentWidth, fonts, ink, pageSize, pdfSafe, type Pdf } from './pdf-document';

export interface PdfColumn<Row> {
  header: string;
  /** In points; the columns without one share the width left. */
  width?: number;
  align?: 'left' | 'right';
  text: (row: Row) => string;
}

export interface PdfTableOptions<Row> {
  bold?: (row: Row) => boolean;
  /** Drawn under a row within its band (the class strip): its height and how. */
  below?: { height: number; draw: (doc: Pdf, row: Row, x: number, y: number) => void };
}

const fontSize = 7.5;
const pad = 3;
const rowHeight = 13;

function columnWidths<Row>(columns: readonly PdfColumn<Row>[]): number[] {
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = columns.filter((c) => c.width === undefined).length;
  const share = flexible > 0 ? Math.max(0, contentWidth - fixed) / flexible : 0;
  return columns.map((c) => c.width ?? share);
}

/** A table narrower than the page (the totals) gets bands as wide as its columns. */
function tableWidth(widths: readonly number[]): number {
  return Math.min(
    contentWidth,
    widths.reduce((sum, w) => sum + w, 0),
  );
}

/** The text cut to `width` with an ellipsis (in the current font). */
export function fitText(doc: Pdf, text: string, width: number): string {
  const safe = pdfSafe(text);
  if (doc.widthOfString(safe) <= width) return safe;
  let cut = safe;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function headerHeight<Row>(doc: Pdf, columns: readonly PdfColumn<Row>[], widths: number[]): number {
  doc.font(fonts.bold).fontSize(fontSize);
  const lines = columns.map((c, i) =>
    doc.heightOfString(pdfSafe(c.header), { width: (widths[i] ?? 0) - 2 * pad }),
  );
  return Math.max(rowHeight, Math.max(...lines) + 2 * pad);
}

/** The header band at `y`; returns the y below it. */
function drawHeader<Row>(
  doc: Pdf,
  columns: readonly PdfColumn<Row>[],
  widths: number[],
  y: number,
  height: number,
): number {
  doc.rect(pageSize.margin, y, tableWidth(widths), height).fill(ink.head);
  doc.font(fonts.bold).fontSize(fontSize).fillColor(ink.text);
  let x = pageSize.margin;
  columns.forEach((column, i) => {
    const width = widths[i] ?? 0;
    doc.text(pdfSafe(column.header), x + pad, y + pad, {
      width: width - 2 * pad,
      align: column.align ?? 'left',
    });
    x += width;
  });
  return y + height;
}

function drawCells<Row>(
  doc: Pdf,
  columns: readonly PdfColumn<Row>[],
  widths: number[],
  row: Row,
  y: number,
  bold: boolean,
): void {
  doc
    .font(bold ? fonts.bold : fonts.regular)
    .fontSize(fontSize)
    .fillColor(ink.text);
  let x = pageSize.margin;
  columns.forEach((column, i) => {
    const width = widths[i] ?? 0;
    const text = fitText(doc, column.text(row), width - 2 * pad);
    const left = column.align === 'right' ? x + width - pad - doc.widthOfString(text) : x + pad;
    doc.text(text, left, y + 3.5, { lineBreak: false });
    x += width;
  });
}

/** Draws the table from the current y, breaking pages (header repeated); leaves y below it. */
export function drawTable<Row>(
  doc: Pdf,
  columns: readonly PdfColumn<Row>[],
  rows: readonly Row[],
  options: PdfTableOptions<Row> = {},
): void {
  const widths = columnWidths(columns);
  const head = headerHeight(doc, columns, widths);
  const width = tableWidth(widths);
  const height = rowHeight + (options.below?.height ?? 0);
  let y = doc.y;
  if (y + head + height > contentBottom) {
    doc.addPage();
    y = pageSize.margin;
  }
  y = drawHeader(doc, columns, widths, y, head);
  rows.forEach((row, index) => {
    if (y + height > contentBottom) {
      doc.addPage();
      y = drawHeader(doc, columns, widths, pageSize.margin, head);
    }
    if (index % 2 === 1) doc.rect(pageSize.margin, y, width, height).fill(ink.band);
    drawCells(doc, columns, widths, row, y, options.bold?.(row) ?? false);
    options.below?.draw(doc, row, pageSize.margin + pad, y + rowHeight);
    y += height;
  });
  doc
    .moveTo(pageSize.margin, y)
    .lineTo(pageSize.margin + width, y)
    .lineWidth(0.5)
    .strokeColor(ink.rule)
    .stroke();
  doc.x = pageSize.margin;
  doc.y = y + 10;
}
