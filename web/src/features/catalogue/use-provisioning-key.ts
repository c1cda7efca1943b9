/** A product's provisioning key: the calls and the confirmed row actions of the products screen. */
import { useTranslation } from 'react-i18next';
import { okResponseSchema } from '@aforo/contracts/auth';
import { provisioningKeySchema } from '@aforo/contracts/products';
import type { Product } from '@aforo/contracts/products';
import { apiRequest } from '../../lib/api';
import type { RowAction } from '../../ui/RowActionsMenu';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import { productsApi } from './api';

const keyPath = (id: string) => productsApi.itemPath(id, '/provisioning-key');

/** The list shows whether self-registration is on: a key change refreshes the products. */
function useProvisioningKeyMutation() {
  return productsApi.useChangeMutation(({ id, revoke }: { id: string; revoke: boolean }) =>
    revoke
      ? apiRequest({ method: 'DELETE', path: keyPath(id), schema: okResponseSchema }).then(() => null)
      : apiRequest({ method: 'POST', path: keyPath(id), schema: provisioningKeySchema }),
  );
}

/**
 * The row actions "Provisioning key" (confirm, then `onKey` with the new key to show once) and,
 * when the product has one, "Turn self-registration off".
 */
export function useProvisioningKeyActions(onKey: (product: Product, key: string) => void) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const mutation = useProvisioningKeyMutation();

  const generate = (product: Product) =>
    confirm({
      title: t('catalogue.products.provisioning.generateTitle'),
      message: t(
        product.hasProvisioningKey
          ? 'catalogue.products.provisioning.regenerateMessage'
          : 'catalogue.products.provisioning.generateMessage',
        { name: product.name },
      ),
      confirmLabel: t('catalogue.products.provisioning.generate'),
      color: product.hasProvisioningKey ? 'orange' : undefined,
      onConfirm: async () => {
        const answer = await mutation.mutateAsync({ id: product.id, revoke: false });
        if (answer) onKey(product, answer.key);
      },
    });

  const revoke = (product: Product) =>
    confirm({
      title: t('catalogue.products.provisioning.revokeTitle'),
      message: t('catalogue.products.provisioning.revokeMessage', { name: product.name }),
      confirmLabel: t('catalogue.products.provisioning.revoke'),
      color: 'red',
      onConfirm: async () => {
        await mutation.mutateAsync({ id: product.id, revoke: true });
        showToast('success', t('catalogue.products.provisioning.revoked'));
      },
    });

  return (product: Product): RowAction[] => [
    {
      key: 'provisioning-key',
      label: t('catalogue.products.provisioning.action'),
      onClick: () => generate(product),
    },
    {
      key: 'provisioning-off',
      label: t('catalogue.products.provisioning.revoke'),
      color: 'red',
      hidden: !product.hasProvisioningKey,
      onClick: () => revoke(product),
    },
  ];
}
