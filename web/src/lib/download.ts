import type { Language } from '@aforo/contracts/constants';

/** Hands a file the app already holds (a blob) to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on a later turn: some browsers start reading the URL only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface CsvChoice {
  separator: ',' | ';';
  decimal: '.' | ',';
}

/**
 * The CSV a spreadsheet set up in the interface language opens as it is: `;` between fields and a
 * decimal comma in Spanish, `,` and `.` in English (docs/API.md "Exports").
 */
export function csvChoiceFor(language: Language): CsvChoice {
  return language === 'es' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}
