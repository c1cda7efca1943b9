/** The request counter behind the global loading overlay (docs/WEB.md). */
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const loadingCounter = {
  get: (): number => count,
  increment(): void {
    count += 1;
    emit();
  },
  decrement(): void {
    count = Math.max(0, count - 1);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Runs work with the counter raised, lowering it whatever happens. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  loadingCounter.increment();
  try {
    return await work();
  } finally {
    loadingCounter.decrement();
  }
}

export function useLoadingCount(): number {
  return useSyncExternalStore(loadingCounter.subscribe, loadingCounter.get, loadingCounter.get);
}
