import { lazy, Suspense, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfirmContext } from './confirm-context';
import type { ConfirmOptions } from './confirm-context';
import { showToast } from './toasts';

// Mantine's Modal (with floating-ui and scroll locking) is ~30 kB gz: out of the first load (issue 13)
const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** Holds the one confirmation dialog of the app and runs its action. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [processing, setProcessing] = useState(false);
  // mounted from the first request on, then kept so closing still animates
  const [isUsed, setIsUsed] = useState(false);

  const open = useCallback((next: ConfirmOptions) => {
    setProcessing(false);
    setIsUsed(true);
    setOptions(next);
  }, []);

  const handleCancel = () => {
    if (!processing) setOptions(null);
  };

  const handleConfirm = async () => {
    if (!options) return;
    setProcessing(true);
    try {
      await options.onConfirm();
      setOptions(null);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <ConfirmContext.Provider value={open}>
      {children}
      {isUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={options !== null}
            title={options?.title ?? ''}
            message={options?.message ?? ''}
            confirmLabel={options?.confirmLabel}
            color={options?.color}
            processing={processing}
            onConfirm={() => void handleConfirm()}
            onCancel={handleCancel}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}
