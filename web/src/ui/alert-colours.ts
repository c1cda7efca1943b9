/** docs/ALERTS.md: each level has a fixed colour and a row background (the colour, faint enough to read text on). */
import { alertColours } from '@aforo/contracts/constants';
import type { AlertLevel } from '@aforo/contracts/constants';

export { alertColours };

/** Pure yellow needs more strength than red or blue to be seen at all on white. */
export const alertRowBackgrounds: Record<AlertLevel, string> = {
  DANGER: 'rgba(255, 0, 0, 0.10)',
  NO_TRANSMISSION: 'rgba(255, 165, 0, 0.16)',
  WARNING: 'rgba(255, 255, 0, 0.25)',
  OUT_OF_RANGE: 'rgba(0, 0, 255, 0.08)',
  OK: 'rgba(0, 128, 0, 0.08)',
};
