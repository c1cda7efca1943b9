import { Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { measureTimeOptions, transmissionTimeOptions } from '@aforo/contracts/constants';
import { maxMeasuresForAvg } from '@aforo/contracts/point-parameters';
import { pointInputSchema, pointKinds } from '@aforo/contracts/points';
import type { Point } from '@aforo/contracts/points';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSecondsLabel } from '../../devices';
import { useSavePointMutation } from '../api';
import { pointFormValues, toPointInput, unitSelectData, validatePointForm } from '../point-form';
import type { PointFormValues } from '../point-form';
import { AlertTuningFields } from './AlertTuningFields';
import { PointPortsFields } from './PointPortsFields';

export interface PointFormModalProps {
  /** null = a new point of the current company. */
  point: Point | null;
  onClose: () => void;
}

/**
 * Create or edit a measurement point (docs/DATA-MODEL.md, docs/VALIDATION.md, docs/WEB.md "Point
 * form"): its data, its alert levels with their tuning and replay, and its ports' parameters.
 */
export function PointFormModal({ point, onClose }: PointFormModalProps) {
  const { t } = useTranslation();
  const secondsLabel = useSecondsLabel();
  const save = useSavePointMutation();
  const form = useForm<PointFormValues>({
    initialValues: pointFormValues(point),
    validate: validatePointForm,
  });

  const storedPorts = Object.keys(point?.parameters ?? {});
  const handleSubmit = (values: PointFormValues) =>
    save.mutate(
      { id: point?.id ?? null, body: pointInputSchema.parse(toPointInput(values, storedPorts)) },
      {
        onSuccess: () => {
          showToast('success', t('points.saved'));
          onClose();
        },
        onError: (error) => {
          if (
            !applyServerError(form, error, {
              POM1001: 'name',
              POM1004: 'transmissionTime',
              POM1008: 'warningValue',
            })
          )
            showToast('error', error.message);
        },
      },
    );

  const timeOptions = (options: readonly number[]) =>
    options.map((seconds) => ({ value: String(seconds), label: secondsLabel(seconds) }));
  const number = (field: keyof PointFormValues, extra: Record<string, unknown> = {}) => (
    <NumberInput
      label={t(`points.fields.${field}`)}
      decimalScale={4}
      {...extra}
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormModal
      opened
      size="xl"
      title={point ? t('points.edit', { name: point.name }) : t('points.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('points.fields.name')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label={t('points.fields.kind')}
          withAsterisk
          allowDeselect={false}
          data={pointKinds.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) }))}
          {...form.getInputProps('kind')}
        />
      </SimpleGrid>
      <TextInput label={t('points.fields.address')} {...form.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {number('latitude', { withAsterisk: true, decimalScale: 6 })}
        {number('longitude', { withAsterisk: true, decimalScale: 6 })}
        <Select
          label={t('points.fields.unit')}
          withAsterisk
          allowDeselect={false}
          searchable
          data={unitSelectData((group) => t(`common.unitGroups.${group}`))}
          {...form.getInputProps('unit')}
        />
        {number('groundLevel')}
        {number('invertLevel')}
        {number('levelDifference')}
        <Select
          label={t('points.fields.measureTime')}
          withAsterisk
          allowDeselect={false}
          data={timeOptions(measureTimeOptions)}
          {...form.getInputProps('measureTime')}
        />
        <Select
          label={t('points.fields.transmissionTime')}
          withAsterisk
          allowDeselect={false}
          data={timeOptions(transmissionTimeOptions)}
          {...form.getInputProps('transmissionTime')}
        />
        {number('measuresForAvg', {
          withAsterisk: true,
          min: 1,
          max: maxMeasuresForAvg,
          allowDecimal: false,
        })}
        {number('value4mA')}
        {number('value20mA')}
        {number('defaultAmountMeasuresFlat', { allowDecimal: false })}
        {number('defaultAmountGapMeasureExceed')}
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox
          label={t('points.fields.alertFlat')}
          {...form.getInputProps('alertFlat', { type: 'checkbox' })}
        />
        <Checkbox label={t('points.fields.test')} {...form.getInputProps('test', { type: 'checkbox' })} />
        <Checkbox label={t('points.fields.public')} {...form.getInputProps('public', { type: 'checkbox' })} />
      </Group>
      <AlertTuningFields form={form} pointId={point?.id ?? null} />
      <Fieldset legend={t('points.fields.parameters')} variant="unstyled">
        {/* only an installed device's model adds ports to those the point stores */}
        <PointPortsFields form={form} pointId={point?.device ? point.id : null} />
      </Fieldset>
    </FormModal>
  );
}
