import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import { sessionStore } from '../lib/session';
import { renderWithProviders } from '../test/render';
import { DateTimeInput, fromPickerValue, toPickerValue } from './DateTimeInput';

afterEach(() => {
  act(() => sessionStore.setLanguage('en'));
});

function Field({ initial, seen, withTime }: { initial: string; seen: string[]; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeInput
      label="Desde"
      withTime={withTime}
      clearable
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(language: Language, initial: string, withTime = true) {
  act(() => sessionStore.setLanguage(language));
  const seen: string[] = [];
  renderWithProviders(<Field initial={initial} seen={seen} withTime={withTime} />);
  return { field: screen.getByRole('button', { name: 'Desde' }), seen };
}

describe('value strings: what a native datetime-local (date) input held', () => {
  it('converts to and from the picker', () => {
    expect(toPickerValue('2026-11-21T10:05', true)).toBe('2026-11-21 10:05:00');
    expect(toPickerValue('2026-11-21T10:05:30', true)).toBe('2026-11-21 10:05:30');
    expect(toPickerValue('2026-11-21', false)).toBe('2026-11-21');
    expect(toPickerValue('', true)).toBeNull();
    expect(toPickerValue('yesterday', true)).toBeNull();
    expect(fromPickerValue('2026-11-21 10:05:00', true)).toBe('2026-11-21T10:05');
    expect(fromPickerValue('2026-11-21', false)).toBe('2026-11-21');
    expect(fromPickerValue(null, true)).toBe('');
  });
});

describe('DateTimeInput in the interface language', () => {
  it('Spanish: day first, four-digit year, 24-hour time, Spanish calendar, no AM/PM', async () => {
    const { field, seen } = renderField('es', '2026-11-21T15:05');
    expect(field).toHaveTextContent('21/11/2026 15:05');
    await userEvent.click(field);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Elegir el mes' })).toHaveTextContent('noviembre 2026');
    // weeks start on Monday
    const weekdays = within(dialog)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(weekdays[0]).toMatch(/^lu/i);
    expect(within(dialog).queryByText(/^(AM|PM)$/)).toBeNull();
    expect(within(dialog).getByLabelText('Horas')).toHaveValue('15');

    await userEvent.click(within(dialog).getByRole('button', { name: /^5 noviembre 2026/ }));
    await userEvent.clear(within(dialog).getByLabelText('Horas'));
    await userEvent.type(within(dialog).getByLabelText('Horas'), '0830');
    // the caller hears nothing until the choice is made
    expect(seen).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(seen).toEqual(['2026-11-05T08:30']);
    expect(field).toHaveTextContent('05/11/2026 08:30');
  });

  it('English: the same day-first form with 24-hour time, an English calendar', async () => {
    const { field } = renderField('en', '2026-11-21T15:05');
    expect(field).toHaveTextContent('21/11/2026 15:05');
    await userEvent.click(field);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Choose the month' })).toHaveTextContent(
      'November 2026',
    );
    expect(within(dialog).getByLabelText('Hours')).toHaveValue('15');
  });

  it('empties to "" with its clear button', async () => {
    const { field, seen } = renderField('es', '2026-11-21T15:05');
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la fecha' }));
    expect(seen.at(-1)).toBe('');
    expect(field).not.toHaveTextContent('2026');
  });

  it('a day alone: "2026-11-21" shown as 21/11/2026, picked as YYYY-MM-DD', async () => {
    const { field, seen } = renderField('es', '2026-11-21', false);
    expect(field).toHaveTextContent('21/11/2026');
    await userEvent.click(field);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^3 noviembre 2026/ }));
    expect(seen.at(-1)).toBe('2026-11-03');
  });
});
