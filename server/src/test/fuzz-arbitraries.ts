/**
 * fast-check generators for the fuzz test (http/fuzz.test.ts): requests built from the OpenAPI
 * document, each field either a plausible value of its schema (ids of real rows of the table the
 * field names) or a bad one (fuzz-values.ts), and bodies that are not even JSON.
 */
import fc from 'fast-check';
import { badText, badValue, brokenBody, oddHeaders } from './fuzz-values';

/** The parts of an OpenAPI 3.0 schema the generators read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/devices/{id}/{action}. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  body?: JsonSchema;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The operations of an OpenAPI document. */
export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema: JsonSchema }>;
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

// ── plausible values of a schema ──────────────────────────────────────────────────────────────
const printable = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$';

function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  return schema.allOf.reduce<JsonSchema>((all, part) => ({ ...all, ...merged(part) }), { ...schema });
}

/** Ids of real rows by table name, so that requests get past "not found". */
export type IdPool = Record<string, readonly string[]>;
/** The pool and the name of the field (or path) being generated, which says the table. */
interface Ids {
  pool: IdPool;
  hint: string;
}

// a field's name without Id/Ids → its table; a path's resource → its table
const tableOfName: Record<string, string> = {
  brand: 'brands',
  model: 'models',
  product: 'products',
  firmware: 'firmwares',
  network: 'networks',
  company: 'companies',
  country: 'countries',
  billingPlan: 'billing_plans',
  device: 'devices',
  point: 'measurement_points',
  layer: 'layers',
  type: 'component_types',
  user: 'users',
  'mail-outbox': 'mail_outbox',
  'billing-plan': 'billing_plans',
  'component-type': 'component_types',
  component: 'components',
  'measures-failed': 'failed_measures',
};

function uuid(ids: Ids): fc.Arbitrary<string> {
  const name = ids.hint.replace(/Ids?$/, '').replace(/ies$/, 'y').replace(/s$/, '');
  const own = ids.pool[tableOfName[name] ?? ''] ?? [];
  const all = Object.values(ids.pool).flat();
  const choices: Array<fc.WeightedArbitrary<string>> = [{ weight: 1, arbitrary: fc.uuid() }];
  if (own.length > 0) choices.push({ weight: 6, arbitrary: fc.constantFrom(...own) });
  if (all.length > 0) choices.push({ weight: 1, arbitrary: fc.constantFrom(...all) });
  return fc.oneof(...choices);
}

const named = (ids: Ids, hint: string): Ids => (hint === 'id' ? ids : { ...ids, hint });

function text(schema: JsonSchema, ids: Ids): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return uuid(ids);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern && schema.pattern !== printable)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1e6, -1e6);
  const max = Math.min(schema.maximum ?? 1e6, 1e6);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // now and then the whole range the schema allows: sums and differences of such values overflow
  const edges = { min: schema.minimum ?? -Number.MAX_VALUE, max: schema.maximum ?? Number.MAX_VALUE };
  return fc.oneof(
    { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.double({ ...edges, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** A value the schema would probably accept (no guarantee: refinements are not in the document). */
export function plausible(raw: JsonSchema, ids: Ids, depth = 0, bad: Badness = 0): fc.Arbitrary<unknown> {
  const schema = merged(raw);
  const options = schema.anyOf ?? schema.oneOf;
  let value: fc.Arbitrary<unknown>;
  if (options) value = fc.oneof(...options.map((o) => plausible(o, ids, depth + 1, bad)));
  else if (schema.enum) value = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') value = text(schema, ids);
  else if (schema.type === 'integer' || schema.type === 'number')
    value = number(schema, schema.type === 'integer');
  else if (schema.type === 'boolean') value = fc.boolean();
  else if (schema.type === 'array' && schema.items)
    value = fc.array(depth > 3 ? fc.constant(null) : field(schema.items, ids, bad, depth + 1), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.min(schema.maxItems ?? 3, 3),
    });
  else if (schema.type === 'object' || schema.properties) value = object(schema, ids, depth, bad);
  else value = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

/**
 * How often a field is bad, chosen once per request: never (the request goes deep, to the
 * database), now and then (one bad field among good ones), or often.
 */
export type Badness = 0 | 1 | 8;
export const badness: fc.Arbitrary<Badness> = fc.constantFrom<Badness>(0, 1, 8);

/** A plausible value, or a bad one `bad` times in 20. */
export function field(schema: JsonSchema, ids: Ids, bad: Badness, depth = 0): fc.Arbitrary<unknown> {
  if (bad === 0) return plausible(schema, ids, depth, bad);
  return fc.oneof(
    { weight: 20 - bad, arbitrary: plausible(schema, ids, depth, bad) },
    { weight: bad, arbitrary: badValue },
  );
}

function object(schema: JsonSchema, ids: Ids, depth: number, bad: Badness): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const properties = Object.entries(schema.properties ?? {});
  // required fields are always sent (their value may be bad), optional ones half of the time
  const known = fc.record(
    Object.fromEntries(properties.map(([k, s]) => [k, field(s, named(ids, k), bad, depth + 1)])),
    {
      requiredKeys: (schema.required ?? []).filter((k) => schema.properties?.[k]),
    },
  );
  const keys = bad === 0 ? fc.string({ maxLength: 10 }) : fc.oneof(fc.string({ maxLength: 10 }), badText);
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(keys, field(schema.additionalProperties, ids, bad, depth + 1), { maxKeys: 2 })
      : fc.constant({});
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** A query value as text: plausible, or any bad text. */
function queryValue(schema: JsonSchema, ids: Ids): fc.Arbitrary<string | undefined> {
  const asText = plausible(schema, ids).map((v) =>
    v === null || typeof v === 'object' ? undefined : String(v),
  );
  return fc.oneof(
    { weight: 3, arbitrary: asText },
    { weight: 2, arbitrary: badText },
    fc.constant(undefined),
  );
}

const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** One request to the operation: path, query, body and headers each plausible or bad. */
export function requestOf(operation: Operation, pool: IdPool): fc.Arbitrary<FuzzRequest> {
  // /api/brands/{id}: the id of a brand
  const resource = /^\/(?:api|public)\/([a-z-]+)/.exec(operation.path)?.[1] ?? '';
  return badness.chain((bad) => requestWith(operation, { pool, hint: resource }, bad));
}

function requestWith(operation: Operation, ids: Ids, bad: Badness): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(
    ...operation.pathParams.map((p) =>
      fc.oneof({ weight: 4, arbitrary: plausible(p.schema, ids) }, { weight: 1, arbitrary: badText }),
    ),
  );
  const query = fc.record(
    Object.fromEntries(operation.queryParams.map((p) => [p.name, queryValue(p.schema, named(ids, p.name))])),
    { requiredKeys: [] },
  );
  const body = operation.body
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: field(operation.body, ids, bad).map((v) => ({
            payload: JSON.stringify(v) ?? 'null',
            contentType: 'application/json',
          })),
        },
        { weight: 1, arbitrary: brokenBody },
      )
    : fc.constant(undefined);
  return fc.tuple(pathValues, query, body, oddHeaders).map(([values, q, b, headers]) => {
    let path = operation.path;
    operation.pathParams.forEach((p, i) => {
      // a lone surrogate cannot be percent-encoded: it travels as U+FFFD, as a browser sends it
      path = path.replace(`{${p.name}}`, encodeURIComponent(wellFormed(String(values[i] ?? ''))));
    });
    const search = new URLSearchParams(
      Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ).toString();
    return {
      method: operation.method,
      url: search ? `${path}?${search}` : path,
      headers: { ...headers, ...(b ? { 'content-type': b.contentType } : {}) },
      ...(b ? { payload: b.payload } : {}),
    };
  });
}
