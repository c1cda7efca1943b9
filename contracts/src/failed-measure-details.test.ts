import { describe, expect, it } from 'vitest';
import {
  failureDetail,
  failureDetailTemplates,
  parseFailureDetail,
  type FailureDetailCode,
} from './failed-measure-details';

/** Parameter values with spaces, commas and parentheses, as serials, models and port lists have. */
const sample: Record<string, string> = {
  bytes: '300000',
  max: '262144',
  index: '3',
  measures: '0',
  serial: 'AFR-1009',
  payload: 'AFR 2',
  product: 'PLS, C',
  registered: 'PLS-C',
  received: 'ARC-1 (v2)',
  model: 'VEGAPULS C 22',
  port: 'ai1',
  ports: 'ai1, ai2',
  at: '2026-03-01T10:00:00.000Z',
  days: '30',
  value: 'Infinity',
};

describe('failure details', () => {
  it('reads back every code and its parameters from the sentence it stores, with and without msg_seq', () => {
    for (const code of Object.keys(failureDetailTemplates) as Array<keyof typeof failureDetailTemplates>) {
      const names = [...failureDetailTemplates[code].matchAll(/<(\w+)>/g)].map((m) => m[1]!);
      const params = Object.fromEntries(names.map((n) => [n, sample[n]!]));
      expect([code, parseFailureDetail(failureDetail(code, params))]).toEqual([code, { code, params }]);
      expect(parseFailureDetail(failureDetail(code, params, 4711))).toEqual({
        code,
        params: { ...params, msgSeq: '4711' },
      });
    }
  });

  it('keeps the wording older rows were stored with', () => {
    const cases: Array<[string, FailureDetailCode, Record<string, string>]> = [
      ['not JSON', 'notJson', {}],
      ['neither native, SenML nor {ts, values}', 'unknownShape', {}],
      ['[2]: name must be urn:dev:sn:{serial}:{port}', 'senmlName', { index: '2' }],
      [
        'device AFR-1009 is registered as model PLS-C, not ARC-1',
        'modelNotExpected',
        { serial: 'AFR-1009', registered: 'PLS-C', received: 'ARC-1' },
      ],
      [
        'msg_seq 4711: ai1 at 2026-01-01T00:00:00.000Z is stored already',
        'alreadyStored',
        { port: 'ai1', at: '2026-01-01T00:00:00.000Z', msgSeq: '4711' },
      ],
      [
        'measures.0.v: Invalid input: expected number, received string',
        'invalidFields',
        { issues: 'measures.0.v: Invalid input: expected number, received string' },
      ],
    ];
    for (const [text, code, params] of cases) expect(parseFailureDetail(text)).toEqual({ code, params });
    expect(failureDetail('unknownShape')).toBe('neither native, SenML nor {ts, values}');
    expect(failureDetail('senmlName', { index: 2 })).toBe('[2]: name must be urn:dev:sn:{serial}:{port}');
  });

  it('leaves other texts alone: null, the web shows them as they are', () => {
    for (const text of ['measure 0: t is not a date', 'product XXX', 'something else', '']) {
      expect([text, parseFailureDetail(text)]).toEqual([text, null]);
    }
    expect(parseFailureDetail(null)).toBeNull();
  });
});
