import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '../../lib/live-stream-provider';
import { createMonitoringLiveHandler, startMonitoringSafetyNet } from './monitoring-live';

/** While mounted, the tab's live stream keeps the monitoring list current, with a full read once a minute (monitoring-live.ts). */
export function useMonitoringLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopEvents = onLiveEvent(createMonitoringLiveHandler(queryClient));
    const stopSafetyNet = startMonitoringSafetyNet(queryClient);
    return () => {
      stopEvents();
      stopSafetyNet();
    };
  }, [queryClient]);
}
