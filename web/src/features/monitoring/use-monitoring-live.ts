import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '../../lib/live-stream-provider';
import { createMonitoringLiveHandler } from './monitoring-live';

/** While mounted, the tab's live stream keeps the monitoring list current (monitoring-live.ts). */
export function useMonitoringLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => onLiveEvent(createMonitoringLiveHandler(queryClient)), [queryClient]);
}
