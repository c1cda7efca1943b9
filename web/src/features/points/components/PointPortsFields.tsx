import { Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortType } from '@aforo/contracts/models';
import { portFormValues } from '../../../lib/port-parameters';
import { PortParametersFields } from '../../../ui/PortParametersFields';
import type { PortFieldsForm } from '../../../ui/PortParametersFields';
import { usePointPortsQuery } from '../point-ports.api';
import { unitOfOptionValue } from '../point-form';
import type { PointFormValues } from '../point-form';

export interface PointPortsFieldsProps {
  form: UseFormReturnType<PointFormValues>;
  /** null: a point with no device installed (a new one included): only its stored ports show. */
  pointId: string | null;
}

/**
 * The point's device parameters as fields, one group per port (docs/DATA-MODEL.md "Device
 * parameters"): the ports the point stores plus those of the installed device's model, each with the
 * fields of its type — the same fields as the install wizard's, never a JSON text.
 */
export function PointPortsFields({ form, pointId }: PointPortsFieldsProps) {
  const { t } = useTranslation();
  const ports = usePointPortsQuery(pointId);
  const values = form.getValues().parameters;
  const modelPorts = (ports.data ?? []).filter((p) => p.type !== null);
  const missing = modelPorts.filter((p) => !values[p.key]).map((p) => p.key);

  // a model port the point has not configured yet gets blank fields (sent only when filled in)
  useEffect(() => {
    for (const key of missing) form.setFieldValue(`parameters.${key}`, portFormValues(undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the ports still missing
  }, [missing.join(',')]);

  const known = new Map((ports.data ?? []).map((p) => [p.key, { type: p.type, label: p.label } as const]));
  const keys = [
    ...modelPorts.map((p) => p.key),
    ...Object.keys(values).filter((key) => !modelPorts.some((p) => p.key === key)),
  ].filter((key) => values[key]);

  if (keys.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {ports.isPending && pointId ? t('common.loading') : t('points.noPortsYet')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {keys.map((key) => {
        const port = known.get(key);
        return (
          <PortParametersFields
            key={key}
            port={{ key, type: (port?.type ?? null) as PortType | null, label: port?.label ?? null }}
            values={values[key]!}
            form={form as unknown as PortFieldsForm}
            path={`parameters.${key}`}
            unit={unitOfOptionValue(form.getValues().unit)}
          />
        );
      })}
    </Stack>
  );
}
