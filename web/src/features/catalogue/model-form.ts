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
  return { rowKey: rowKey(), key: `ai${index}`, type: null, label: '' };
}

export function modelFormValues(model: Model | null): ModelFormValues {
  if (!model) return { brandId: null, name: '', ports: [newPort([])] };
  return {
    brandId: model.brand.id,
    name: model.name,
    ports: model.ports.map((port) => ({ ...port, rowKey: rowKey() })),
  };
}

export function validateModelForm(values: ModelFormValues): Record<string, string> {
  const errors = schemaErrors(modelInputSchema, values);
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
  });
  return errors;
}

export function modelInputOf(values: ModelFormValues): ModelInput {
  return modelInputSchema.parse({
    brandId: values.brandId,
    name: values.name,
    ports: values.ports.map(({ key, type, label }) => ({ key, type, label })),
  });
}
