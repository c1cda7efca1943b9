import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Point } from '@aforo/contracts/points';
import { useFormat } from '../../../lib/format';
import { fieldsInUnit, portParameterFields, type PortParameterField } from '../../../lib/port-parameters';

/** The point's device parameters, one readable table per port: translated names, numbers in the language, units, dashes for empty. */
export function PointParametersTable({ point }: { point: Pick<Point, 'parameters' | 'unit'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ports = Object.entries(point.parameters);
  if (ports.length === 0) return null;

  const show = (field: PortParameterField, value: unknown, unit: string): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'active') return value ? t('common.yes') : t('common.no');
    if (field === 'operation_mode') return t(`points.port.modes.${String(value)}`);
    if (field === 'type_fluid') return t(`points.port.fluids.${String(value)}`);
    if (typeof value !== 'number') return String(value);
    if (field === 'fluid_density') return format.measure(value, 'kg/m³');
    if (fieldsInUnit.has(field)) return format.measure(value, unit);
    return format.value(value);
  };

  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('points.fields.parameters')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: Math.min(ports.length, 2) }}>
        {ports.map(([key, parameters]) => {
          const unit =
            typeof parameters.calculated_value_unit === 'string'
              ? parameters.calculated_value_unit
              : point.unit;
          return (
            <Table
              key={key}
              withTableBorder
              striped
              aria-label={`${t('points.fields.parameters')} ${key}`}
              data-testid={`parameters-${key}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('points.port.table.field')}</Table.Th>
                  <Table.Th>{key}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {portParameterFields.map((field) => (
                  <Table.Tr key={field}>
                    <Table.Td>{t(`points.port.fields.${field}`)}</Table.Td>
                    <Table.Td>{show(field, parameters[field], unit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
