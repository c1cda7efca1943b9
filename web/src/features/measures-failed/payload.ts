/** How a raw payload is shown: indented JSON when it parses, the text as it arrived otherwise. */
export interface FormattedPayload {
  kind: 'json' | 'text' | 'empty';
  text: string;
}

export function formatPayload(raw: string | null | undefined): FormattedPayload {
  if (raw === null || raw === undefined || raw === '') return { kind: 'empty', text: '' };
  try {
    const parsed: unknown = JSON.parse(raw);
    // a bare number or string parses too, but there is nothing to indent
    if (parsed !== null && typeof parsed === 'object') {
      return { kind: 'json', text: JSON.stringify(parsed, null, 2) };
    }
  } catch {
    // not JSON (or cut at 4 KB): shown as it is
  }
  return { kind: 'text', text: raw };
}

/** The translation key of a refusal reason ("unknown format" → telemetry.reasons.unknownFormat). */
export function reasonKey(reason: string): string {
  return `telemetry.reasons.${reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase())}`;
}
