import { Fieldset, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replayCandidate, tuningFields, unitOfOptionValue } from '../point-form';
import type { PointFormValues } from '../point-form';
import { AlertReplayPreview } from './AlertReplayPreview';

export interface AlertTuningFieldsProps {
  form: UseFormReturnType<PointFormValues>;
  /** null: a new point (nothing stored to replay). */
  pointId: string | null;
}

/**
 * The point's alert levels and their tuning (docs/ALERTS.md, "On-delay, off-delay and deadband"),
 * each with what it does in the operator's words, and the replay of the last 30 days with them.
 */
export function AlertTuningFields({ form, pointId }: AlertTuningFieldsProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  const unit = unitOfOptionValue(values.unit);
  // the preview starts on request, or by itself once a level or delay differs from the saved one
  const [asked, setAsked] = useState(false);
  const changed = tuningFields.some((field) => form.isDirty(field));
  const delay = {
    withAsterisk: true,
    min: 1,
    max: 100,
    allowDecimal: false,
    rightSection: t('points.tuning.measures'),
    rightSectionWidth: 96,
  };
  const field = (name: (typeof tuningFields)[number], extra: Record<string, unknown> = {}) => (
    <NumberInput
      label={t(`points.fields.${name}`)}
      description={t(`points.tuning.help.${name}`)}
      // help under the input: the inputs of a row line up whatever the length of their help
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...extra}
      {...form.getInputProps(name)}
    />
  );

  return (
    <Fieldset legend={t('points.tuning.title')} data-testid="alert-tuning">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('alertValue', { decimalScale: 4, rightSection: unit, rightSectionWidth: 56 })}
          {field('warningValue', { decimalScale: 4, rightSection: unit, rightSectionWidth: 56 })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('alertOnDelay', delay)}
          {field('alertOffDelay', delay)}
          {field('alertDeadband', {
            min: 0,
            decimalScale: 4,
            placeholder: t('points.tuning.deadbandDefault'),
            rightSection: unit,
            rightSectionWidth: 56,
          })}
        </SimpleGrid>
        <AlertReplayPreview
          pointId={pointId}
          candidate={replayCandidate(values)}
          active={asked || changed}
          onActivate={() => setAsked(true)}
        />
      </Stack>
    </Fieldset>
  );
}
