import { describe, expect, it } from 'vitest';
import { dayClasses, dayCriteria, exclusionCauses, seriesTotals } from '@aforo/contracts/daily-summaries';
import { i18n } from '../../lib/i18n';
import { registerReportTexts } from './texts';

describe('report texts', () => {
  it('name every class, criterion, exclusion cause and total of the contract, in both languages', () => {
    registerReportTexts();
    const keys = [
      ...dayClasses.map((c) => `reports.classes.${c}`),
      'reports.classes.none',
      ...dayCriteria.map((c) => `reports.criteria.${c}`),
      ...exclusionCauses.map((c) => `reports.exclusions.${c}`),
      ...seriesTotals.map((c) => `reports.fields.total.${c}`),
    ];
    for (const lng of ['es', 'en'])
      expect(keys.filter((key) => !i18n.exists(key, { lng, fallbackLng: false }))).toEqual([]);
  });
});
