/** The closure whose revisions are open, and the revision whose changes are shown: in the URL. */
import { useSearchParams } from 'react-router';

export function useClosureSelection() {
  const [search, setSearch] = useSearchParams();
  const n = Number(search.get('revision'));
  const set = (patch: Record<'closure' | 'revision', string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(patch)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });
  return {
    closureId: search.get('closure'),
    revision: Number.isInteger(n) && n >= 1 ? n : null,
    open: (closureId: string, revision: number | null = null) =>
      set({ closure: closureId, revision: revision === null ? null : String(revision) }),
    showRevision: (revision: number | null) =>
      set({ closure: search.get('closure'), revision: revision === null ? null : String(revision) }),
    close: () => set({ closure: null, revision: null }),
  };
}

/** The closed months' screen opened on a closure, in the same company view as the screen linking. */
export function closureLink(closureId: string, view: { scope?: string; companyId?: string }): string {
  const search = new URLSearchParams();
  if (view.scope) search.set('scope', view.scope);
  if (view.companyId) search.set('companyId', view.companyId);
  search.set('closure', closureId);
  return `/app/reports/closures?${search.toString()}`;
}
