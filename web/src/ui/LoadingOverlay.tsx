import { LoadingOverlay as MantineLoadingOverlay } from '@mantine/core';
import { useLoadingCount } from '../lib/loading';

/** Full-screen overlay while any request is in flight (docs/WEB.md). */
export function LoadingOverlay() {
  const count = useLoadingCount();
  return (
    <MantineLoadingOverlay
      visible={count > 0}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.25, blur: 1 }}
      loaderProps={{ type: 'dots' }}
      transitionProps={{ duration: 150, enterDelay: 150 }}
      data-testid="loading-overlay"
    />
  );
}
