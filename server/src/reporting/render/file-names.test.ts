/** The download names in each language and the MIME type of each format. */
import { describe, expect, it } from 'vitest';
import { reportFileName, reportMimeType } from './file-names';
import { levelReportFixture, monthlyReportFixture, quarterlyReportFixture } from './report-fixtures';

describe('report file names', () => {
  it('name each report in the reader’s language', () => {
    const month = monthlyReportFixture();
    expect(reportFileName('monthly', month, 'pdf', 'es')).toBe('informe-mensual-2026-10.pdf');
    expect(reportFileName('monthly', month, 'pdf', 'en')).toBe('monthly-report-2026-10.pdf');
    expect(reportFileName('quarterly', quarterlyReportFixture(), 'xlsx', 'es')).toBe(
      'informe-trimestral-2026-Q3.xlsx',
    );
    expect(reportFileName('quarterly', quarterlyReportFixture(), 'csv', 'en')).toBe(
      'quarterly-report-2026-Q3.csv',
    );
    expect(reportFileName('level', levelReportFixture(), 'zip', 'es')).toBe(
      'informe-niveles-2026-10-01-2026-10-10.zip',
    );
    expect(reportFileName('level', levelReportFixture(), 'zip', 'en')).toBe(
      'level-report-2026-10-01-2026-10-10.zip',
    );
  });

  it('give each format its MIME type', () => {
    expect(reportMimeType('pdf')).toBe('application/pdf');
    expect(reportMimeType('csv')).toBe('text/csv; charset=utf-8');
    expect(reportMimeType('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(reportMimeType('zip')).toBe('application/zip');
  });
});
