/** Picking a date (and time) in a ui/DateTimeInput the way a user does, for tests. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { pickerLocales } from '../ui/DateTimeInput';

/** The month the open picker shows, found among the ten years around today by its "noviembre 2026". */
function shownMonth(header: string, locale: string): dayjs.Dayjs {
  const today = dayjs().startOf('month');
  for (let offset = -60; offset <= 60; offset += 1) {
    const month = today.add(offset, 'month');
    if (month.locale(locale).format('MMMM YYYY') === header.trim()) return month;
  }
  throw new Error(`no month reads "${header}"`);
}

/**
 * Opens the field labelled `label`, goes to the month of `value` ("2026-11-01T08:30" or "2026-11-01"),
 * clicks its day, and for a date-time types its time and confirms.
 */
export async function pickDate(label: string, value: string): Promise<void> {
  // no pause between keys nor pointer checks: each change re-renders the whole screen under test
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  const locale = pickerLocales[sessionStore.getState().language];
  const target = dayjs(value.slice(0, 10)).locale(locale);
  await user.click(screen.getByRole('button', { name: label }));
  const picker = await screen.findByRole('dialog');
  const header = within(picker).getByRole('button', { name: i18n.t('common.dateTime.monthLevel') });
  const months = target.startOf('month').diff(shownMonth(header.textContent ?? '', locale), 'month');
  const step = i18n.t(months > 0 ? 'common.dateTime.nextMonth' : 'common.dateTime.previousMonth');
  for (let i = 0; i < Math.abs(months); i += 1)
    await user.click(within(picker).getByRole('button', { name: step }));
  // by its aria-label: a role query over a whole calendar and the screen behind it is slow
  const day = picker.querySelector(`button[aria-label="${target.format('D MMMM YYYY')}"]`);
  if (!day) throw new Error(`no day ${target.format('D MMMM YYYY')} in the picker`);
  await user.click(day);
  if (value.length > 10) {
    const hours = within(picker).getByLabelText(i18n.t('common.dateTime.hours'));
    await user.clear(hours);
    await user.type(hours, value.slice(11, 13) + value.slice(14, 16));
    await user.click(within(picker).getByRole('button', { name: i18n.t('common.dateTime.done') }));
  }
}
