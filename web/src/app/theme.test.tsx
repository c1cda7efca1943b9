import { MantineProvider, NumberInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import { themeFor } from './theme';

/** A form's number field as any feature writes it: no decimal props of its own. */
function Field({ initial, seen }: { initial: number | string; seen: (number | string)[] }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <NumberInput
      label="Nivel"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(language: Language, initial: number | string = '') {
  const seen: (number | string)[] = [];
  render(
    <MantineProvider theme={themeFor(language)} env="test">
      <Field initial={initial} seen={seen} />
    </MantineProvider>,
  );
  const input = screen.getByLabelText<HTMLInputElement>('Nivel');
  return { input, seen, last: () => seen.at(-1) };
}

describe('number fields follow the interface language (every NumberInput, through the theme)', () => {
  it('shows a stored value with the language’s decimal mark', () => {
    expect(renderField('es', 6.5).input.value).toBe('6,5');
  });

  it('shows a point in English', () => {
    expect(renderField('en', 6.5).input.value).toBe('6.5');
  });

  it('Spanish: typing "3,5" gives 3.5', async () => {
    const { input, last } = renderField('es');
    await userEvent.type(input, '3,5');
    expect(input.value).toBe('3,5');
    expect(last()).toBe(3.5);
  });

  it('Spanish: a typed "." is the decimal mark (the numeric keypad’s key), never dropped', async () => {
    const { input, last } = renderField('es');
    await userEvent.type(input, '3.5');
    expect(input.value).toBe('3,5');
    expect(last()).toBe(3.5);
  });

  it('Spanish: a pasted "3.5" is 3.5, not 35', async () => {
    const first = renderField('es');
    first.input.focus();
    await userEvent.paste('3.5');
    expect(first.input.value).toBe('3,5');
    expect(first.last()).toBe(3.5);
  });

  it('Spanish: grouping dots beside a comma go', async () => {
    const { input, last } = renderField('es');
    input.focus();
    await userEvent.paste('1.234,5');
    expect(input.value).toBe('1234,5');
    expect(last()).toBe(1234.5);
  });

  it('Spanish: a whole text set at once (autofill, a browser test’s fill) reads "." as the mark', () => {
    const { input, last } = renderField('es');
    fireEvent.change(input, { target: { value: '-1.64' } });
    expect(input.value).toBe('-1,64');
    expect(last()).toBe(-1.64);
  });

  it('English: typing "3.5" gives 3.5', async () => {
    const { input, last } = renderField('en');
    await userEvent.type(input, '3.5');
    expect(input.value).toBe('3.5');
    expect(last()).toBe(3.5);
  });

  it('English: a comma is no decimal mark (a pasted "1,234" is 1234, never 1.234)', async () => {
    const { input, last } = renderField('en');
    input.focus();
    await userEvent.paste('1,234');
    expect(input.value).toBe('1234');
    expect(last()).toBe(1234);
  });
});
