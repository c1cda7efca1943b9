/**
 * Why a message or a measure was refused, in detail (docs/MEASURES.md): a code with parameters. The
 * ingestion stores it as the English sentence of its template, so a stored row stays readable as it
 * is (psql, CSV); the API reads the code and parameters back from that sentence, and the web says it
 * in the interface language. Sentences stored before, or not made here, stay as they are.
 */

/** The English sentence of each code; <name> stands for a parameter. Wording kept from older rows. */
export const failureDetailTemplates = {
  notJson: 'not JSON',
  unknownShape: 'neither native, SenML nor {ts, values}',
  tooLarge: 'message of <bytes> bytes, over the limit of <max>',
  senmlNotNumeric: '[<index>]: only numeric values (v) are measures',
  senmlName: '[<index>]: name must be urn:dev:sn:{serial}:{port}',
  senmlOneDevice: '[<index>]: one pack, one device',
  noMeasures: 'no measures',
  measureCount: '<measures> measures (1 to <max>)',
  unknownDevice: 'no device with serial <serial>',
  decommissioned: 'device <serial> is decommissioned',
  deleted: 'device <serial> was deleted',
  serialMismatch: 'payload serial <payload> is not <serial>',
  productNotFound: 'product <product> is not in the catalogue',
  productNotExpected: 'device <serial> is registered as product <registered>, not <received>',
  modelNotFound: 'model <model> is not in the catalogue',
  modelNotExpected: 'device <serial> is registered as model <registered>, not <received>',
  unknownPort: 'port <port> is not a port of model <model> (<ports>)',
  notADate: '<port> at <at>: not a date',
  before2000: '<port> at <at>: before 2000',
  inFuture: '<port> at <at>: more than 5 minutes in the future',
  beyondBackfill: '<port> at <at>: older than the backfill window (<days> days)',
  notFinite: '<port> value <value> is not a finite number within ±<max>',
  twiceInMessage: '<port> at <at> appears twice in the message',
  alreadyStored: '<port> at <at> is already stored',
  eventDate: 'event at <at>',
} as const;
/**
 * `invalidFields`: the validator's own list of what is wrong ("measures.0.v: Invalid input: …; …"),
 * a field path and its message per problem, kept as the validator wrote it.
 */
export type FailureDetailCode = keyof typeof failureDetailTemplates | 'invalidFields';

/** Other wordings of a code found in stored rows (the demo data's "is stored already"). */
const olderWordings: ReadonlyArray<[FailureDetailCode, string]> = [
  ['alreadyStored', '<port> at <at> is stored already'],
];

/** Values of a detail's parameters, as they are written in the sentence. */
export type FailureDetailParams = Record<string, string>;

export interface FailureDetail {
  code: FailureDetailCode;
  params: FailureDetailParams;
}

/**
 * The sentence the ingestion stores for a code; `msgSeq` (the message's own number) goes first as
 * "msg_seq N: ", as a measure's refusal always said.
 */
export function failureDetail(
  code: keyof typeof failureDetailTemplates,
  params: Record<string, string | number> = {},
  msgSeq: number | null = null,
): string {
  const text = failureDetailTemplates[code].replace(/<(\w+)>/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return msgSeq === null ? text : `${msgPrefix}${msgSeq}: ${text}`;
}

const msgPrefix = 'msg_seq ';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as an anchored pattern with one group per parameter, most specific first. */
const patterns = [
  ...(Object.entries(failureDetailTemplates) as Array<[FailureDetailCode, string]>),
  ...olderWordings,
].map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(<\w+>)/)
    .map((part) => {
      const param = /^<(\w+)>$/.exec(part);
      if (!param) return escape(part);
      names.push(param[1]!);
      return '(.*?)';
    })
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** A stored sentence → its code and parameters (msg_seq among them), or null when none matches. */
export function parseFailureDetail(text: string | null): FailureDetail | null {
  if (text === null) return null;
  const prefix = /^msg_seq (\d+): (.*)$/s.exec(text);
  const sentence = prefix ? prefix[2]! : text;
  for (const { code, names, pattern } of patterns) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const params: FailureDetailParams = {};
    names.forEach((name, i) => (params[name] = match[i + 1]!));
    if (prefix) params.msgSeq = prefix[1]!;
    return { code, params };
  }
  if (fieldIssues.test(sentence)) {
    return { code: 'invalidFields', params: { issues: sentence, ...(prefix ? { msgSeq: prefix[1]! } : {}) } };
  }
  return null;
}

/** "path: message" problems separated by "; ", as the ingestion lists a validator's issues. */
const fieldIssues = /^(?:\(root\)|[\w.-]+): \S.*$/s;
