import type { RiverLevel } from '@aforo/contracts/river-level';

/** A widget's data: a river at 2.6 m rising, bands at 3 and 4 m, ground at 5 m. */
export function buildRiverLevel(overrides: Partial<RiverLevel> = {}): RiverLevel {
  return {
    pointId: '7d1f2c3a-0000-4000-8000-000000000001',
    name: 'Ebro en Zaragoza',
    kind: 'river',
    port: 'ai1',
    unit: 'm',
    current: { value: 2.6, ts: new Date().toISOString(), flag: 1 },
    groundLevel: 5,
    invertLevel: 0,
    warningValue: 3,
    alertValue: 4,
    typical: { low: 1.1, high: 1.9 },
    record: { value: 4.8, ts: '2026-03-12T10:00:00Z' },
    trendPerHour: 0.6,
    level: 'OK',
    state: { stale: false, suspect: false, failed: false, maintenance: false },
    staleAfterSeconds: 1200,
    ...overrides,
  };
}
