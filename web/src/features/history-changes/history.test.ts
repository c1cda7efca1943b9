import { describe, expect, it } from 'vitest';
import { entityTypes, logActions } from '@aforo/contracts/log-entries';
import { resources } from '../../locales';
import { describeValue } from './change-values';
import type { ValueLabels } from './change-values';
import { dayToIso, historyQueryParams } from './history-filters';

const labels: ValueLabels = {
  role: (role) => `«${role}»`,
  company: (id) => (id === 'c-1' ? 'Canal del Norte S.A.' : null),
  global: 'Global profile',
  yes: 'Yes',
  no: 'No',
  dateTime: (iso) => `at ${iso}`,
  fieldValue: (field, value) => (field === 'state' && value === 'Created' ? 'Created (translated)' : null),
};

describe('history filters', () => {
  it("turns the days of the URL into the start and the end of those days in the company's zone", () => {
    expect(dayToIso('2026-03-01', 'start', 'America/New_York')).toBe('2026-03-01T05:00:00.000Z');
    expect(dayToIso('2026-03-01', 'end', 'America/New_York')).toBe('2026-03-02T04:59:59.999Z');
    expect(dayToIso('2026-07-01', 'start', 'Europe/Madrid')).toBe('2026-06-30T22:00:00.000Z');
    expect(dayToIso('yesterday', 'start', 'Europe/Madrid')).toBeUndefined();
  });

  it('sends page, dir and the filters that are set', () => {
    const params = historyQueryParams(
      {
        page: 2,
        length: 25,
        order: 'at',
        dir: 'ASC',
        search: '',
        filters: { entityType: 'user', entityId: ' 42 ', from: '2026-03-01' },
      },
      'Europe/Madrid',
    );
    expect(params).toEqual({
      page: 2,
      length: 25,
      order: 'at',
      dir: 'ASC',
      entityType: 'user',
      entityId: '42',
      userId: undefined,
      from: '2026-02-28T23:00:00.000Z',
      to: undefined,
    });
  });
});

describe('describeValue', () => {
  it('shows empty values as a dash and lists on one line', () => {
    expect(describeValue(null, labels)).toEqual(['—']);
    expect(describeValue('', labels)).toEqual(['—']);
    expect(describeValue([], labels)).toEqual(['—']);
    expect(describeValue(['ROLE_USER', 'ROLE_SPECTATOR'], labels)).toEqual(['«ROLE_USER», «ROLE_SPECTATOR»']);
    expect(describeValue(true, labels)).toEqual(['Yes']);
    expect(describeValue('Created', labels, 'state')).toEqual(['Created (translated)']);
    expect(describeValue('Created', labels, 'name')).toEqual(['Created']);
    expect(describeValue('2026-03-01T10:00:00.000Z', labels, 'lastSeenAt')).toEqual([
      'at 2026-03-01T10:00:00.000Z',
    ]);
  });

  it('names companies and the global profile in a profiles value', () => {
    expect(
      describeValue({ 'c-1': ['ROLE_ADMIN_CLIENTE'], global: ['ROLE_ADMIN'], other: [] }, labels),
    ).toEqual(['Canal del Norte S.A.: «ROLE_ADMIN_CLIENTE»', 'Global profile: «ROLE_ADMIN»', 'other: —']);
  });
});

describe('history texts', () => {
  it('names every recorded action and item type in Spanish and English', () => {
    for (const language of ['es', 'en'] as const) {
      const history = resources[language].translation.history as {
        actions: Record<string, string>;
        entityTypes: Record<string, string>;
      };
      expect(
        logActions.filter((action) => !history.actions[action]),
        language,
      ).toEqual([]);
      expect(
        entityTypes.filter((type) => !history.entityTypes[type]),
        language,
      ).toEqual([]);
    }
  });
});
