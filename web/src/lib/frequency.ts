/** docs/LIMITS.md frequencies as the web shows them ("5 min", "1 h", "1 día"): every frequency selector's labels. */
import type { TFunction } from 'i18next';
import { frequencyParts, type Frequency } from '@aforo/contracts/common/frequency';
import { frequencyOptions } from '@aforo/contracts/constants';

export function frequencyLabel(t: TFunction, frequency: Frequency): string {
  const { count, unit } = frequencyParts(frequency);
  return t(`common.frequencies.${unit}`, { count });
}

/** Select options (values are the seconds as text, as a query string carries them). */
export function frequencySelectData(t: TFunction): { value: string; label: string }[] {
  return frequencyOptions.map((f) => ({ value: String(f), label: frequencyLabel(t, f) }));
}
