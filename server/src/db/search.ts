/**
 * The text search of every list. `%` and `_` are LIKE wildcards and `\` its escape: a user's search
 * for "50%" or "SN_1" means those characters, so they are escaped before the pattern is built.
 */
import { ilike, type Column, type SQL } from 'drizzle-orm';

/** The text with LIKE's special characters taken literally (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The column contains the text, ignoring case. */
export function containsText(column: Column | SQL, text: string): SQL {
  return ilike(column, `%${escapeLike(text)}%`);
}

/** The column equals the text, ignoring case (e.g. serials). */
export function equalsIgnoringCase(column: Column | SQL, text: string): SQL {
  return ilike(column, escapeLike(text));
}
