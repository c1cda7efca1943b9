import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurrentUser, companyA, companyB } from '../test/fixtures';
import {
  browserTimeZone,
  companyTimeZone,
  formatDateTime,
  formatDay,
  formatTimestamp,
  fromZonedInput,
  toZonedInput,
} from './time';

// the browser (here: node) sits in neither zone the tests read times in
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

const newYork = { locale: 'en-GB', timeZone: 'America/New_York' };
const madrid = { locale: 'es-ES', timeZone: 'Europe/Madrid' };

describe('company time zone', () => {
  const user = buildCurrentUser({
    company: { id: companyA },
    companies: [
      {
        id: companyA,
        businessName: 'Aguas del Norte',
        slug: 'aguas-del-norte',
        isProvider: false,
        preferredTimezone: 'Europe/Madrid',
      },
      {
        id: companyB,
        businessName: 'Hudson Water',
        slug: 'hudson-water',
        isProvider: false,
        preferredTimezone: 'America/New_York',
      },
    ],
  });

  it("is the current company's preferred zone, else the user's own company's, else the browser's", () => {
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(companyTimeZone(user, companyB)).toBe('America/New_York');
    expect(companyTimeZone(user, companyA)).toBe('Europe/Madrid');
    expect(companyTimeZone(user, null)).toBe('Europe/Madrid');
    expect(companyTimeZone(undefined, companyB)).toBe('Asia/Tokyo');
  });
});

describe('formatting', () => {
  it("shows an instant on the company's clock, not the browser's", () => {
    const iso = '2026-11-21T15:05:30.000Z';
    expect(formatTimestamp(iso, newYork)).toBe('21/11/2026, 10:05:30');
    expect(formatTimestamp(iso, madrid)).toBe('21/11/2026, 16:05:30');
    expect(formatDateTime(iso, newYork)).toBe('21/11/2026, 10:05');
    expect(formatDateTime(iso, madrid)).toBe('21/11/2026, 16:05');
    expect(formatDateTime(null, newYork)).toBe('');
    expect(formatTimestamp('not a date', newYork)).toBe('not a date');
  });
});

describe('calendar days', () => {
  it("writes a local day as it is, whatever the browser's zone", () => {
    expect(formatDay('2026-10-01', 'es-ES')).toBe('01/10/2026');
    expect(formatDay('2026-03-29', 'en-GB')).toBe('29/03/2026');
    expect(formatDay('soon', 'en-GB')).toBe('soon');
  });
});

describe('four-digit years and a 24-hour clock in both languages', () => {
  it('writes the afternoon as 15:05, never 3:05 PM, and the year in full', () => {
    const iso = '2026-01-02T15:05:00.000Z';
    const utc = (locale: string) => ({ locale, timeZone: 'UTC' });
    expect(formatDateTime(iso, utc('es-ES'))).toBe('02/01/2026, 15:05');
    expect(formatDateTime(iso, utc('en-GB'))).toBe('02/01/2026, 15:05');
    expect(formatTimestamp('2026-01-02T00:05:09.000Z', utc('es-ES'))).toBe('02/01/2026, 00:05:09');
  });
});

describe('date-time inputs', () => {
  it("reads and writes the inputs on the company's clock", () => {
    expect(toZonedInput('2026-11-21T15:05:30.000Z', 'America/New_York')).toBe('2026-11-21T10:05');
    expect(fromZonedInput('2026-11-21T10:05', 'America/New_York')).toBe('2026-11-21T15:05:00.000Z');
    expect(fromZonedInput('2026-07-01T10:05', 'America/New_York')).toBe('2026-07-01T14:05:00.000Z');
    expect(fromZonedInput('2026-07-01T10:05', 'Europe/Madrid')).toBe('2026-07-01T08:05:00.000Z');
    expect(toZonedInput(undefined, 'Europe/Madrid')).toBe('');
  });

  it('handles the days the clocks change', () => {
    // New York springs forward at 02:00 on 8 March 2026: 02:30 does not exist, 04:00 is EDT already
    expect(fromZonedInput('2026-03-08T01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(fromZonedInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromZonedInput('2026-03-08T04:00', 'America/New_York')).toBe('2026-03-08T08:00:00.000Z');
    // and falls back on 1 November: 01:30 happens twice (the first is taken), 08:30 is EST
    expect(fromZonedInput('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(fromZonedInput('2026-11-01T08:30', 'America/New_York')).toBe('2026-11-01T13:30:00.000Z');
    expect(toZonedInput('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
    // Madrid springs forward at 02:00 on 29 March 2026
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZonedInput('2026-03-29T03:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const value of ['', 'yesterday', '2026-02-31T10:00', '2026-01-01T24:00', '2026-1-1T10:00']) {
      expect(fromZonedInput(value, 'Europe/Madrid'), value).toBeNull();
    }
    expect(fromZonedInput('2026-03-01T23:59:59.999', 'Europe/Madrid')).toBe('2026-03-01T22:59:59.999Z');
  });
});
