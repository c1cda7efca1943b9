import { ActionIcon, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { portTypes } from '@aforo/contracts/models';
import type { ModelFormValues } from '../model-form';
import { newPort, showsSentinels } from '../model-form';
import { RemoveIcon } from './RemoveIcon';

const maxPorts = 16;

/**
 * The editable list of a model's ports: key on the wire, type of sensor and label; at least one.
 * Ultrasonic and radar ports get a second line for their sentinel values (optional).
 */
export function PortsEditor({ form }: { form: UseFormReturnType<ModelFormValues> }) {
  const { t } = useTranslation();
  const ports = form.getValues().ports;
  const typeOptions = portTypes.map((type) => ({ value: type, label: t(`catalogue.portTypes.${type}`) }));
  const listError = form.errors.ports;

  return (
    <Input.Wrapper label={t('catalogue.models.ports')} withAsterisk error={listError}>
      <Stack gap="xs" mt={4}>
        {ports.map((port, index) => (
          <Stack key={port.rowKey} gap={4} data-testid="port-row">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('catalogue.models.portKey', { n: index + 1 })}
                placeholder="ai1"
                w={110}
                maxLength={20}
                {...form.getInputProps(`ports.${index}.key`)}
              />
              <Select
                aria-label={t('catalogue.models.portType', { n: index + 1 })}
                placeholder={t('catalogue.models.portTypePlaceholder')}
                data={typeOptions}
                allowDeselect={false}
                w={190}
                {...form.getInputProps(`ports.${index}.type`)}
              />
              <TextInput
                aria-label={t('catalogue.models.portLabel', { n: index + 1 })}
                placeholder={t('catalogue.models.portLabelPlaceholder')}
                style={{ flex: 1 }}
                maxLength={60}
                {...form.getInputProps(`ports.${index}.label`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={6}
                aria-label={t('catalogue.models.removePort', { n: index + 1 })}
                onClick={() => form.removeListItem('ports', index)}
              >
                <RemoveIcon />
              </ActionIcon>
            </Group>
            {showsSentinels(port) && (
              // under the type and label, past the key column (110 px + the gap)
              <Group gap="xs" align="flex-start" wrap="nowrap" pl={120} pr={38}>
                <Text size="sm" c="dimmed" mt={6} style={{ whiteSpace: 'nowrap' }}>
                  {t('catalogue.models.sentinels')}
                </Text>
                <TextInput
                  aria-label={t('catalogue.models.portSentinels', { n: index + 1 })}
                  placeholder={t('catalogue.models.sentinelsPlaceholder')}
                  style={{ flex: 1 }}
                  maxLength={200}
                  {...form.getInputProps(`ports.${index}.sentinels`)}
                />
              </Group>
            )}
          </Stack>
        ))}
        {ports.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('catalogue.models.noPorts')}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={ports.length >= maxPorts}
            onClick={() => form.insertListItem('ports', newPort(ports))}
          >
            {t('catalogue.models.addPort')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
