/** Business constants (docs/LIMITS.md and docs/ALERTS.md). */
export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';
export const fallbackLanguage: Language = 'en';

/** Language = first two letters of a locale; anything unknown falls back to the default. */
export function languageFromLocale(locale: string | null | undefined): Language {
  const two = (locale ?? '').trim().slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(two) ? (two as Language) : defaultLanguage;
}

export const toastTimeoutMs = 5_000;
export const tokenCheckIntervalMs = 30 * 60 * 1000;
export const tokenRefreshThresholdSeconds = 60;
export const tokenValiditySeconds = 60 * 60;
export const passwordMinLength = 10;
export const signInAttemptsPerMinute = 10;

export const alertLevels = ['DANGER', 'NO_TRANSMISSION', 'WARNING', 'OUT_OF_RANGE', 'OK'] as const;
export type AlertLevel = (typeof alertLevels)[number];
export const alertColours: Record<AlertLevel, string> = {
  DANGER: '#FF0000',
  NO_TRANSMISSION: '#FFA500',
  WARNING: '#FFFF00',
  OUT_OF_RANGE: '#0000FF',
  OK: '#008000',
};

/** Measure-time options in seconds (docs/LIMITS.md); transmission time: the same from one minute up. */
export const measureTimeOptions = [
  10, 60, 300, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400,
] as const;
export const transmissionTimeOptions = measureTimeOptions.filter((s) => s >= 60);
export const frequencyOptions = [300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400] as const;
