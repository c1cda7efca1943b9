/** The report tables page and search on the screen: a report arrives whole, as its files hold it. */
import type { ReportPoint } from '@aforo/contracts/reports';

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The rows whose point or company names hold `search` (accents and case aside), and the page of them. */
export function pageOf<T extends Pick<ReportPoint, 'name' | 'companyName'>>(
  rows: readonly T[],
  state: { page: number; length: number; search: string },
): { rows: T[]; total: number } {
  const wanted = folded(state.search.trim());
  const found = wanted
    ? rows.filter((r) => folded(r.name).includes(wanted) || folded(r.companyName).includes(wanted))
    : [...rows];
  const start = (state.page - 1) * state.length;
  return { rows: found.slice(start, start + state.length), total: found.length };
}
