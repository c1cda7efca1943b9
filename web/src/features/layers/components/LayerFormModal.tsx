import { ColorInput, MultiSelect, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { layerInputSchema } from '@aforo/contracts/layers';
import type { Layer, LayerInput } from '@aforo/contracts/layers';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { usePointOptionsQuery } from '../../../lib/points-api';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSaveLayerMutation } from '../api';

export interface LayerFormModalProps {
  /** null = a new layer. */
  layer: Layer | null;
  onClose: () => void;
}

/** Create or edit a layer: name, colour, whether it is shown, and its points. */
export function LayerFormModal({ layer, onClose }: LayerFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveLayerMutation();
  const points = usePointOptionsQuery();
  const form = useForm<LayerInput>({
    initialValues: {
      name: layer?.name ?? '',
      colour: layer?.colour ?? '#1c7ed6',
      viewable: layer?.viewable ?? true,
      pointIds: layer?.pointIds ?? [],
    },
    validate: schemaValidator<LayerInput>(layerInputSchema),
  });

  const handleSubmit = (values: LayerInput) =>
    save.mutate(
      { id: layer?.id ?? null, body: layerInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('layers.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error)) showToast('error', error.message);
        },
      },
    );

  return (
    <FormModal
      opened
      size="lg"
      title={layer ? t('layers.edit', { name: layer.name }) : t('layers.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('layers.fields.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <ColorInput
        label={t('layers.fields.colour')}
        withAsterisk
        format="hex"
        {...form.getInputProps('colour')}
      />
      <Switch label={t('layers.fields.viewable')} {...form.getInputProps('viewable', { type: 'checkbox' })} />
      <MultiSelect
        label={t('layers.fields.points')}
        searchable
        clearable
        nothingFoundMessage={t('layers.noPoints')}
        data={(points.data?.rows ?? []).map((point) => ({ value: point.id, label: point.name }))}
        {...form.getInputProps('pointIds')}
      />
    </FormModal>
  );
}
