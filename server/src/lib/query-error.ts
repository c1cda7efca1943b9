/**
 * Failed database queries as they may be logged. drizzle's DrizzleQueryError carries the parameter
 * values in its message and stack ("params: ana@example.com,Ana"), and PostgreSQL quotes the bad
 * value in some messages (`invalid input syntax for type uuid: "…"`) and in `detail`: logs keep the
 * statement, the SQLSTATE and where it failed, never the values.
 */

interface DatabaseErrorFields {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  severity?: unknown;
}

/** The errors of the chain (drizzle wraps the driver's error in `cause`). */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (
    let e: unknown = error;
    e && typeof e === 'object' && found.length < 4;
    e = (e as { cause?: unknown }).cause
  )
    found.push(e);
  return found;
}

// PostgreSQL's classes are two digits or F0, HV, P0, XX: Node's EPIPE and the like are not SQLSTATEs
const sqlStatePattern = /^(?:\d\d|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** PostgreSQL's SQLSTATE of a failed query (pg or PGlite, wrapped by drizzle or not). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of chain(error)) {
    const code = (e as DatabaseErrorFields).code;
    if (typeof code === 'string' && sqlStatePattern.test(code)) return code;
  }
  return undefined;
}

/** A query error of drizzle (it has the statement and its parameters). */
function isDrizzleQueryError(error: unknown): error is Error & { query: string; params: unknown[] } {
  return (
    error instanceof Error &&
    typeof (error as { query?: unknown }).query === 'string' &&
    Array.isArray((error as { params?: unknown }).params)
  );
}

export function isQueryError(error: unknown): boolean {
  return isDrizzleQueryError(error) || sqlStateOf(error) !== undefined;
}

/** Double-quoted parts of a PostgreSQL message may be values: they are left out. */
const withoutQuoted = (text: string) => text.replace(/"(?:[^"]|"")*"/g, '"…"');

/** The stack's frames only: its first lines repeat the message (and so the values). */
function frames(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  return stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** What a log line may say about a failed query: statement, SQLSTATE, table, column, constraint. */
export function loggableQueryError(error: unknown): Record<string, unknown> {
  const database = chain(error).find((e) => typeof (e as DatabaseErrorFields).code === 'string') as
    DatabaseErrorFields | undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    type: error instanceof Error ? error.constructor.name : typeof error,
    message: withoutQuoted(text(database?.message) ?? 'query failed'),
    sqlState: sqlStateOf(error),
    statement: isDrizzleQueryError(error) ? error.query : undefined,
    params: isDrizzleQueryError(error) ? `${error.params.length} values left out` : undefined,
    table: text(database?.table),
    column: text(database?.column),
    constraint: text(database?.constraint),
    routine: text(database?.routine),
    stack: frames(error),
  };
}

/** Any error as it may be logged: query errors sanitized, others as they are. */
export function loggableError(error: unknown): unknown {
  return isQueryError(error) ? loggableQueryError(error) : error;
}

/**
 * Node's socket errors and PostgreSQL's own states for "the server is not there": connection
 * exceptions (class 08), an administrator's or a crash's shutdown (57P01–57P03), too many
 * connections (53300). A query that failed this way did nothing: the caller may try again.
 */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const unreachableStates = new Set(['57P01', '57P02', '57P03', '53300']);
// pg's own messages when a pooled connection died or none could be had in time
const unreachableMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i;

/** True when `error` (pg, PGlite or drizzle's wrapper) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = (e as DatabaseErrorFields).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || unreachableStates.has(code) || code.startsWith('08')))
      return true;
    const message = (e as DatabaseErrorFields).message;
    if (typeof message === 'string' && unreachableMessages.test(message)) return true;
  }
  return false;
}
