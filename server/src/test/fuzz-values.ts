/**
 * The bad values of the fuzz test (fuzz-arbitraries.ts): wrong types, NUL and other control
 * characters, huge or odd unicode text, numbers and dates out of range (epoch 99999999999999, year
 * 0000), bodies that are not JSON and odd headers.
 */
import fc from 'fast-check';

const words = fc.string({ maxLength: 8 });
/** Texts PostgreSQL or JavaScript dates cannot take, and the usual suspects. */
export const badText: fc.Arbitrary<string> = fc.oneof(
  words.map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\u0001\u0002', 'a\u001b[31mb', '\u0007', '\t\n\r', '\u000b\u000c'),
  fc.constantFrom('x'.repeat(100_000), '9'.repeat(400), 'ñ'.repeat(5000)),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('\uD800', '\uDFFF', 'a\uD83Db', '\u202Eabc', '\u200B', '\uFEFF', '🌊💧', 'Ǆ', 'İ'),
  fc.constantFrom("' OR 1=1 --", '%', '_', '\\', '%_%', '${jndi:x}', '../../etc/passwd', '<script>'),
  fc.constantFrom('', ' ', 'null', 'undefined', 'true', '[]', '{}', 'NaN', 'Infinity', '-Infinity'),
  // dates and numbers as text: epoch beyond JavaScript, year 0000, impossible days
  fc.constantFrom(
    '99999999999999',
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2026-02-30',
    '2026-13-01T00:00:00Z',
    '-1',
    '1e308',
    '-0',
    '0x10',
    '9007199254740993',
  ),
);
/** Numbers at or beyond every edge (JSON has no NaN or Infinity: those arrive as text). */
export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 0.1, -1, 1.5, -0, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
/** A value of the wrong type, or a bad one of any type. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  badNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 'a', null], { a: { b: { c: [1] } } }),
  fc.array(badText, { maxLength: 3 }),
);

/** Bodies that are not the JSON object the route expects. */
export const brokenBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc
    .constantFrom(
      '{"a": ',
      '{"a":1}}',
      '\u0000',
      'nul',
      '[]',
      '"x"',
      'null',
      '1e999',
      '{"__proto__":{"x":1}}',
    )
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constant({ payload: '{"a":'.repeat(300) + '1' + '}'.repeat(300), contentType: 'application/json' }),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
    .map((contentType) => ({ payload: 'a=1&b=%00', contentType })),
);

export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  fc.record({
    'x-current-company': fc.oneof(
      fc.uuid(),
      badText.filter((s) => /^[\x20-\x7e]*$/.test(s)),
    ),
  }),
  fc.record({ 'accept-language': fc.constantFrom('*;q=abc,,,', 'xx', 'en-US,en;q=0.9', '') }),
);
