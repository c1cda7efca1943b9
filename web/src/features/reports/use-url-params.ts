/** Query parameters a screen keeps in its URL whatever the user came in with (defaults, the company). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** name → value to hold; null removes it, undefined leaves it as it is. */
export type UrlParams = Record<string, string | null | undefined>;

/**
 * Writes `wanted` into the URL when it says otherwise, in one replaced history entry: every writer
 * of the screen goes through one call, as two in the same render would each start from the old URL.
 */
export function useUrlParams(wanted: UrlParams): void {
  const [search, setSearch] = useSearchParams();
  // JSON drops the undefined entries: those are left alone
  const key = JSON.stringify(wanted);
  useEffect(() => {
    const entries = Object.entries(JSON.parse(key) as Record<string, string | null>);
    if (entries.every(([name, value]) => search.get(name) === value)) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of entries) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  }, [key, search, setSearch]);
}
