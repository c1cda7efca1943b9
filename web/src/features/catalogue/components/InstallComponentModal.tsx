import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { componentInstallSchema } from '@aforo/contracts/components';
import type { Component } from '@aforo/contracts/components';
import { isApiError } from '../../../lib/api';
import { schemaValidator } from '../../../lib/form-validation';
import { usePointOptionsQuery } from '../../../lib/points-api';
import { useSession } from '../../../lib/session';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
import { useInstallComponentMutation } from '../components-api';

interface InstallFormValues {
  pointId: string | null;
}

export interface InstallComponentModalProps {
  component: Component;
  onClose: () => void;
}

/** Install a component at a point; when one is already there, ask before replacing it. */
export function InstallComponentModal({ component, onClose }: InstallComponentModalProps) {
  const { t } = useTranslation();
  const install = useInstallComponentMutation();
  const points = usePointOptionsQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  // the points listed are the current company's: a type of another company may go to none of them
  const typeFits = component.type.shared || component.type.companyId === currentCompanyId;
  const confirm = useConfirm();
  const form = useForm<InstallFormValues>({
    initialValues: { pointId: null },
    validate: schemaValidator<InstallFormValues>(componentInstallSchema),
  });

  const done = () => {
    showToast('success', t('catalogue.components.installed', { serial: component.serial }));
    onClose();
  };

  const handleSubmit = ({ pointId }: InstallFormValues) => {
    if (!pointId) return;
    install.mutate(
      { id: component.id, body: { pointId, force: false } },
      {
        onSuccess: done,
        onError: (error) => {
          // SET1008: a component of the same type is already at the point; force replaces it
          if (!isApiError(error) || error.code !== 'SET1008') {
            showToast('error', error.message);
            return;
          }
          confirm({
            title: t('catalogue.components.replaceTitle'),
            // the server's SET1008 text, in the request language
            message: error.message,
            confirmLabel: t('catalogue.components.replace'),
            color: 'orange',
            onConfirm: async () => {
              await install.mutateAsync({ id: component.id, body: { pointId, force: true } });
              done();
            },
          });
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={t('catalogue.components.installTitle', { serial: component.serial })}
      submitLabel={t('catalogue.components.install')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={install.isPending}
    >
      <Select
        label={t('catalogue.components.point')}
        withAsterisk
        data-autofocus
        data={
          typeFits ? (points.data?.rows ?? []).map((point) => ({ value: point.id, label: point.name })) : []
        }
        description={typeFits ? undefined : t('catalogue.components.otherCompanyType')}
        searchable
        nothingFoundMessage={t('common.noResults')}
        {...form.getInputProps('pointId')}
      />
    </FormModal>
  );
}
