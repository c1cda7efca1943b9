import { describe, expect, it } from 'vitest';
import { buildAlert } from '../../../test/fixtures';
import { isToastWorthy } from './AlertToasts';

describe('isToastWorthy', () => {
  const none = new Set<string>();
  it('toasts a new open DANGER or NO_TRANSMISSION once', () => {
    expect(isToastWorthy(buildAlert({ count: 1 }), none)).toBe(true);
    expect(
      isToastWorthy(buildAlert({ count: 1, level: 'NO_TRANSMISSION', type: 'NO_TRANSMISSION' }), none),
    ).toBe(true);
    expect(isToastWorthy(buildAlert({ count: 1 }), new Set([buildAlert().id]))).toBe(false);
  });

  it('stays quiet for other levels, cleared, acknowledged, repeated, shelved, muted and late alerts', () => {
    const quiet = [
      buildAlert({ count: 1, level: 'WARNING', type: 'WARNING' }),
      buildAlert({ count: 1, state: 'cleared_unacknowledged', active: false }),
      buildAlert({ count: 1, state: 'acknowledged' }),
      buildAlert({ count: 3 }),
      buildAlert({ count: 1, shelved: true }),
      buildAlert({ count: 1, muted: true }),
      buildAlert({ count: 1, late: true }),
    ];
    for (const alert of quiet) expect(isToastWorthy(alert, none)).toBe(false);
  });
});
