/** The colours and names of a day's class on the report screens (docs/REPORTS.md "Classification"). */
import { dayClasses } from '@aforo/contracts/daily-summaries';
import type { DayClass } from '@aforo/contracts/daily-summaries';

/** A report day's class, or `none`: not finished yet, or the point did not exist that day. */
export type ShownClass = DayClass | 'none';

export const shownClasses: readonly ShownClass[] = [...dayClasses, 'none'];

/** Mantine colours: correct green, intermittent amber, incorrect red, no transmission grey, excluded blue. */
export const classColours: Record<DayClass, string> = {
  correct: 'green',
  intermittent: 'yellow',
  incorrect: 'red',
  no_transmission: 'gray',
  excluded: 'blue',
};

/** The CSS colour of a class's calendar cell. */
export const cellColour = (shown: ShownClass) =>
  shown === 'none'
    ? 'transparent'
    : `var(--mantine-color-${classColours[shown]}-${shown === 'intermittent' ? 5 : 6})`;

export const shownClass = (c: DayClass | null): ShownClass => c ?? 'none';
