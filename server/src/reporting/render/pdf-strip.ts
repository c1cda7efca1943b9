/**
 * The class strip of the monthly PDF (docs/REPORTS.md "Report files"): one small cell per day of a
 * point, coloured by its class and numbered with its day of the month, and the legend above it.
 */
import type { Language } from '@aforo/contracts/constants';
import { dayClasses, type DayClass } from '@aforo/contracts/daily-summaries';
import type { ReportDay } from '@aforo/contracts/reports';
import { reportLabels } from './labels';
import { contentWidth, fonts, ink, pageSize, pdfSafe, type Pdf } from './pdf-document';

// light tones, so the day's number in dark ink reads on every one of them
export const classColors: Record<DayClass, string> = {
  correct: '#74c476',
  intermittent: '#fdc44f',
  incorrect: '#f07c6f',
  no_transmission: '#bdbdbd',
  excluded: '#9ecae1',
};

const cell = { width: 13, height: 9, gap: 1 };
/** The room a strip takes under its row. */
export const stripHeight = cell.height + 3;

function drawCell(doc: Pdf, value: DayClass | null, x: number, y: number, label: string): void {
  if (value === null) {
    doc.rect(x, y, cell.width, cell.height).lineWidth(0.4).strokeColor(ink.rule).stroke();
  } else {
    doc.rect(x, y, cell.width, cell.height).fill(classColors[value]);
    if (value === 'excluded') {
      // hatched as well as blue: an excluded day still reads apart from the others in grey print
      doc.lineWidth(0.5).strokeColor('#3d6f99');
      doc
        .moveTo(x, y + cell.height)
        .lineTo(x + cell.width / 2, y)
        .stroke();
      doc
        .moveTo(x + cell.width / 2, y + cell.height)
        .lineTo(x + cell.width, y)
        .stroke();
    }
  }
  if (!label) return;
  doc.font(fonts.regular).fontSize(5).fillColor(ink.text);
  doc.text(label, x + (cell.width - doc.widthOfString(label)) / 2, y + 2.3, { lineBreak: false });
}

/** The point's days from `x`, `y` (its top). */
export function drawClassStrip(doc: Pdf, days: readonly ReportDay[], x: number, y: number): void {
  days.forEach((day, index) => {
    drawCell(doc, day.class, x + index * (cell.width + cell.gap), y, String(Number(day.day.slice(8))));
  });
}

/** "Leyenda: ■ correcto ■ intermitente … □ sin datos" on one line. */
export function drawLegend(doc: Pdf, lang: Language): void {
  const labels = reportLabels[lang];
  const y = doc.y;
  let x = pageSize.margin;
  doc.font(fonts.bold).fontSize(7.5).fillColor(ink.text);
  const title = pdfSafe(`${labels.legend}:`);
  doc.text(title, x, y, { lineBreak: false });
  x += doc.widthOfString(title) + 6;
  const entries: [DayClass | null, string][] = [
    ...dayClasses.map((c): [DayClass, string] => [c, labels.classes[c]]),
    [null, labels.noData],
  ];
  for (const [value, name] of entries) {
    if (x > pageSize.margin + contentWidth - 60) break;
    drawCell(doc, value, x, y - 0.5, '');
    x += cell.width + 3;
    doc.font(fonts.regular).fontSize(7.5).fillColor(ink.text);
    doc.text(pdfSafe(name), x, y, { lineBreak: false });
    x += doc.widthOfString(pdfSafe(name)) + 10;
  }
  doc.x = pageSize.margin;
  doc.y = y + 14;
}
