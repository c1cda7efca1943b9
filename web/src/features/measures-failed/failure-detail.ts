/**
 * A refusal's detail in the interface language: the code and parameters the API read from the stored
 * sentence, with times in the company's clock and numbers in the language's marks. A detail without a
 * code (older rows, other texts) shows as it was stored.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedMeasure } from '@aforo/contracts/failed-measures';
import { useFormat } from '../../lib/format';
import { useTimeFormat } from '../../lib/time';

/** Parameters that are counts or sizes, written with the language's grouping ("300.000" bytes). */
const numeric = new Set(['bytes', 'measures', 'days']);
/** `max` is a count where it bounds a count; elsewhere (±1e+15) it stays as written. */
const numericMax = new Set(['tooLarge', 'measureCount']);

export type FailureDetailText = (
  row: Pick<FailedMeasure, 'detail' | 'detailCode' | 'detailParams'>,
) => string;

export function useFailureDetailText(): FailureDetailText {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const format = useFormat();
  return useMemo(() => {
    const number = (text: string) => {
      const value = Number(text);
      return text.trim() !== '' && Number.isFinite(value) ? format.number(value) : text;
    };
    return (row) => {
      if (!row.detailCode) return row.detail ?? '—';
      const { msgSeq, ...params } = row.detailParams;
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) {
        if (name === 'at') values[name] = time.timestamp(value);
        else if (name === 'registered' && value === '(none)')
          values[name] = t('telemetry.failureDetails.none');
        else if (numeric.has(name) || name === 'value' || (name === 'max' && numericMax.has(row.detailCode)))
          values[name] = number(value);
        else values[name] = value;
      }
      const text = t(`telemetry.failureDetails.${row.detailCode}`, {
        ...values,
        defaultValue: row.detail ?? '—',
      });
      return msgSeq === undefined ? text : t('telemetry.failureDetails.withMsgSeq', { msgSeq, detail: text });
    };
  }, [t, time, format]);
}
