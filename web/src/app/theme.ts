import { createTheme, type MantineThemeOverride, type NumberInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { Language } from '@aforo/contracts/constants';
import { decimalMarks, withDecimalComma } from '../lib/format';

/** Blue/teal brand, roomy Tabler-like spacing, system fonts. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { shadow: 'xs' } },
  },
});

/** Before the field reads a Spanish text set at once ("3.5" from autofill or a drop): "3,5", caret kept. */
function readDotAsComma(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const text = input.value;
  const next = withDecimalComma(text);
  if (next === text) return;
  const caret = input.selectionStart ?? text.length;
  const removed = caret - withDecimalComma(text.slice(0, caret)).length;
  input.value = next;
  input.setSelectionRange(caret - removed, caret - removed);
}

/**
 * Every NumberInput in the language's decimal mark (docs/WEB.md "Numbers"), forms of every feature
 * included without their own props: Spanish shows and takes "," and reads "." as the decimal mark
 * too; English takes only "." (a pasted "1,234" is 1234, never 1.234). No thousand separator while
 * typing. Explicit props of a field (a plan's thousand separator) still win.
 */
export function numberInputDefaults(language: Language): Partial<NumberInputProps> {
  const decimalSeparator = decimalMarks[language];
  if (language === 'es')
    return { decimalSeparator, allowedDecimalSeparators: [',', '.'], onChangeCapture: readDotAsComma };
  return { decimalSeparator, allowedDecimalSeparators: ['.'] };
}

const themes = new Map<Language, MantineThemeOverride>();

/** The theme with the language's number fields; one object per language, so switching back re-uses it. */
export function themeFor(language: Language): MantineThemeOverride {
  let found = themes.get(language);
  if (!found) {
    found = createTheme({
      ...theme,
      components: {
        ...theme.components,
        NumberInput: { defaultProps: numberInputDefaults(language) },
      },
    });
    themes.set(language, found);
  }
  return found;
}
