import { describe, expect, it } from 'vitest';
import { billingPlanInputSchema } from '../billing-plans';
import { deviceInputSchema } from '../devices';
import { eventListQuerySchema } from '../events';
import { listQuerySchema } from './paging';
import { emailSchema, isBlankText, isoDate, optionalText, queryDate, requiredText, safeText } from './text';

describe('text building blocks', () => {
  it('refuse NUL and the other C0 control characters, keep tab and line breaks', () => {
    for (const schema of [safeText(), requiredText(), optionalText()]) {
      expect(schema.safeParse('a\u0000b').success).toBe(false);
      expect(schema.safeParse('a\u0007b').success).toBe(false);
      expect(schema.safeParse('a\u001Fb').success).toBe(false);
      expect(schema.safeParse('a\tb\nc\r\nd').success).toBe(true);
      expect(schema.safeParse('Ñandú 水 🌊').success).toBe(true);
    }
    expect(emailSchema.safeParse('a\u0000@b.es').success).toBe(false);
    expect(listQuerySchema.safeParse({ search: 'x\u0000' }).success).toBe(false);
  });
});

describe('required text', () => {
  it('tells a missing or empty value from one of only spaces (docs/VALIDATION.md)', () => {
    const issues = (value: unknown) => requiredText(20).safeParse(value).error?.issues ?? [];
    expect(issues('')).toMatchObject([{ code: 'too_small', minimum: 1 }]);
    expect(issues(undefined)).toMatchObject([{ code: 'invalid_type' }]);
    for (const blank of [' ', '   ', '\t\n ', '\u00a0'])
      expect(issues(blank), JSON.stringify(blank)).toEqual([
        expect.objectContaining({ code: 'custom', message: 'blankOrInvalid' }),
      ]);
    expect(requiredText(20).parse('  Ana  ')).toBe('Ana');
    expect(issues('x'.repeat(21))).toMatchObject([{ code: 'too_big' }]);
    expect(isBlankText('  ')).toBe(true);
    expect(isBlankText('')).toBe(false);
    expect(isBlankText(' a ')).toBe(false);
    expect(isBlankText(undefined)).toBe(false);
  });
});

describe('date building blocks', () => {
  it('take ISO 8601 and epoch seconds between 1900 and 9999', () => {
    expect(queryDate.parse('1767225600')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(queryDate.parse('2026-01-01T00:00:00Z')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(queryDate.parse('0')).toEqual(new Date(0));
  });

  it('refuse epochs beyond JavaScript dates, year 0000 and other years out of range', () => {
    for (const bad of ['99999999999999', '253402300800', '0000-01-01', '1899-12-31T23:59:59Z', 'tomorrow']) {
      expect(queryDate.safeParse(bad).success, bad).toBe(false);
    }
    expect(isoDate().safeParse('0000-01-01').success).toBe(false);
    expect(isoDate().safeParse('9999-12-31').success).toBe(true);
    expect(isoDate().safeParse('1899-12-31').success).toBe(false);
    expect(queryDate.parse('253402300799')).toEqual(new Date('9999-12-31T23:59:59Z'));
    const device = { serial: 'SN-1', modelId: crypto.randomUUID(), productId: crypto.randomUUID() };
    expect(deviceInputSchema.safeParse({ ...device, manufactured: '0000-01-01' }).success).toBe(false);
    expect(deviceInputSchema.safeParse({ ...device, manufactured: '2024-02-29' }).success).toBe(true);
  });
});

describe('page length', () => {
  it('keeps "all" (-1) for catalogue lists and refuses it on growing tables', () => {
    expect(listQuerySchema.parse({ length: '-1' }).length).toBe(-1);
    const refused = eventListQuerySchema.safeParse({ length: '-1' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['length'], message: 'pageLength' });
    expect(eventListQuerySchema.safeParse({ length: '1001' }).success).toBe(false);
    expect(eventListQuerySchema.parse({ length: '1000' }).length).toBe(1000);
  });
});

describe('billing plan limits', () => {
  it('are JSON whole numbers ≥ 0 only', () => {
    const plan = { name: 'P', monthlyApiCalls: 1, maxPoints: 0, maxUsers: 5 };
    expect(billingPlanInputSchema.safeParse(plan).success).toBe(true);
    for (const bad of [true, '', null, '5', -1, 1.5]) {
      expect(billingPlanInputSchema.safeParse({ ...plan, maxUsers: bad }).success, String(bad)).toBe(false);
    }
  });
});
