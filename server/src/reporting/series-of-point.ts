/**
 * Which series of a point the reports count, and how (docs/REPORTS.md "Daily summaries"): the main
 * series is the first active port of the point's parameters (the one the river-level widget shows),
 * else the port of its latest reading; a pulse series (rain, volume) is summed over the day and only
 * "no transmission" applies to it — a dry day's run of zeros is not a stuck sensor, and the 3 m jump
 * and the ground/invert levels are about levels.
 */
import type { SeriesTotal } from '@aforo/contracts/daily-summaries';
import { portParametersSchema, type PortParameters } from '@aforo/contracts/point-parameters';

export interface PointSeriesInfo {
  /** The ports the point's days are stored for (active parameter ports), in parameter order. */
  ports: string[];
  /** The main series: '' when the point has none. */
  main: string;
  /** Per port: 'rain' / 'volume' for a pulse series, null for a level series. */
  totalKindOf(port: string): SeriesTotal | null;
  /** Per port: the unit its values are in. */
  unitOf(port: string): string;
}

function parsePorts(parameters: unknown): Map<string, PortParameters | null> {
  const entries = parameters && typeof parameters === 'object' ? Object.entries(parameters) : [];
  return new Map(
    entries.map(([port, value]) => {
      const parsed = portParametersSchema.safeParse(value);
      return [port, parsed.success ? parsed.data : null];
    }),
  );
}

export function seriesOfPoint(point: {
  kind: string;
  unit: string;
  parameters: unknown;
  latestPort: string | null;
}): PointSeriesInfo {
  const ports = parsePorts(point.parameters);
  const active = [...ports.entries()].filter(([, p]) => p?.active !== false).map(([port]) => port);
  const main = active[0] ?? point.latestPort ?? '';

  function totalKindOf(port: string): SeriesTotal | null {
    const p = ports.get(port) ?? null;
    const unit = p?.calculated_value_unit ?? null;
    if (p?.operation_mode === 'status pulse') return null;
    if (unit === 'mm/10min') return 'rain';
    if (unit === 'm³') return 'volume';
    if (p?.pulse_value !== null && p?.pulse_value !== undefined)
      return point.kind === 'rain_gauge' ? 'rain' : 'volume';
    // a rain gauge's main series is its rain, whatever its parameters say
    return point.kind === 'rain_gauge' && port === main ? 'rain' : null;
  }

  function unitOf(port: string): string {
    const kind = totalKindOf(port);
    if (kind === 'rain') return 'mm';
    if (kind === 'volume') return 'm³';
    return ports.get(port)?.calculated_value_unit ?? point.unit;
  }

  return { ports: active, main, totalKindOf, unitOf };
}
