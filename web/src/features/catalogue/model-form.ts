/** Form values of a model and their validation: the contract's rules plus clear texts for the port list. */
import type { Model, ModelInput, PortType } from '@aforo/contracts/models';
import { modelInputSchema } from '@aforo/contracts/models';
import { schemaErrors } from '../../lib/form-validation';
import { i18n } from '../../lib/i18n';

export interface PortFormValues {
  /** React key of the row; not sent. */
  rowKey: string;
  key: string;
  type: PortType | null;
  label: string;
  /** Sentinel values as typed, e.g. "-9999, 0"; parsed on submit. */
  sentinels: string;
}

export interface ModelFormValues {
  brandId: string | null;
  name: string;
  ports: PortFormValues[];
}

let nextRow = 0;
const rowKey = () => `port-${++nextRow}`;

/** A blank port whose key follows the existing ones (ai1, ai2, …). */
export function newPort(existing: readonly PortFormValues[]): PortFormValues {
  const used = new Set(existing.map((port) => port.key));
  let index = existing.length + 1;
  while (used.has(`ai${index}`)) index += 1;
  return { rowKey: rowKey(), key: `ai${index}`, type: null, label: '', sentinels: '' };
}

/** The port types whose sensors send a sentinel value instead of a reading (docs/MEASURES.md). */
export const sentinelPortTypes: readonly PortType[] = ['ultrasonic', 'radar'];

/** Whether the port's row shows the sentinel field: its type uses them, or it already has some. */
export function showsSentinels(port: PortFormValues): boolean {
  return (port.type !== null && sentinelPortTypes.includes(port.type)) || port.sentinels.trim() !== '';
}

const maxSentinels = 8;
// a plain decimal number with a dot (the comma separates values), optionally with an exponent
const numberPattern = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The numbers of a comma- or space-separated list ("-9999, 0"); [] when blank, null when some
 * item is not a number.
 */
export function parseSentinels(text: string): number[] | null {
  const items = text.split(/[\s,;]+/).filter((item) => item !== '');
  const numbers = items.map((item) => (numberPattern.test(item) ? Number(item) : Number.NaN));
  return numbers.every((n) => Number.isFinite(n)) ? numbers : null;
}

function sentinelsError(text: string): string | null {
  const numbers = parseSentinels(text);
  if (numbers === null) return i18n.t('catalogue.models.sentinelsInvalid');
  if (numbers.length > maxSentinels)
    return i18n.t('catalogue.models.sentinelsTooMany', { max: maxSentinels });
  return null;
}

/** The body of the API: sentinels as numbers (left out when blank), no row keys. */
function inputShape(values: ModelFormValues) {
  return {
    brandId: values.brandId,
    name: values.name,
    ports: values.ports.map(({ key, type, label, sentinels }) => {
      const numbers = parseSentinels(sentinels);
      return numbers && numbers.length > 0 ? { key, type, label, sentinels: numbers } : { key, type, label };
    }),
  };
}

export function modelFormValues(model: Model | null): ModelFormValues {
  if (!model) return { brandId: null, name: '', ports: [newPort([])] };
  return {
    brandId: model.brand.id,
    name: model.name,
    ports: model.ports.map(({ sentinels, ...port }) => ({
      ...port,
      sentinels: (sentinels ?? []).join(', '),
      rowKey: rowKey(),
    })),
  };
}

export function validateModelForm(values: ModelFormValues): Record<string, string> {
  const errors = schemaErrors(modelInputSchema, inputShape(values));
  if (values.ports.length === 0) errors.ports = i18n.t('catalogue.models.portsRequired');
  // checked here too: the contract's refinement only runs once every port is valid
  const seen = new Set<string>();
  values.ports.forEach((port, index) => {
    const key = port.key.trim();
    if (key && seen.has(key)) {
      errors.ports = i18n.t('catalogue.models.duplicateKeys');
      errors[`ports.${index}.key`] ??= i18n.t('catalogue.models.duplicateKeys');
    }
    seen.add(key);
    const sentinels = sentinelsError(port.sentinels);
    if (sentinels) errors[`ports.${index}.sentinels`] = sentinels;
  });
  return errors;
}

export function modelInputOf(values: ModelFormValues): ModelInput {
  return modelInputSchema.parse(inputShape(values));
}
