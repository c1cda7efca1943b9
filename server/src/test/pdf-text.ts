/**
 * The text of a PDF as a reader's viewer sees it, read with a real parser (pdf.js), for tests of
 * the report files (docs/REPORTS.md "Report files") here and in e2e.
 */
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  /** Each page's text: items in drawing order, a space between them, a newline at a line's end. */
  pages: string[];
  /** The pages joined by a newline. */
  text: string;
  /** The document information dictionary (Title, CreationDate…). */
  info: Record<string, unknown>;
}

/** Parses `data` (throws on a broken file) and reads every page's text. */
export async function pdfText(data: Uint8Array): Promise<PdfText> {
  // pdf.js wants a plain Uint8Array it may transfer, never a Buffer over a shared pool
  const task = getDocument({
    data: new Uint8Array(data),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
        .join('')
        .replace(/[ \t]+/g, ' ');
      pages.push(text);
    }
    const metadata = await document.getMetadata();
    return { pages, text: pages.join('\n'), info: metadata.info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}
