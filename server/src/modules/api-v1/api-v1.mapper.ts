/** Rows of the external API to their SensorThings shapes (contracts/api-v1.ts, docs/API.md "External API"). */
import { portParametersSchema } from '@aforo/contracts/point-parameters';
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import type { ObservationRow, ThingRow, V1AlertRow } from './api-v1.repository';

/** QARTOD flags (UNESCO/IOOS): what each code means, as SensorThings resultQuality. */
const qartod: Record<number, string> = {
  1: 'pass',
  2: 'not_evaluated',
  3: 'suspect',
  4: 'fail',
  9: 'missing',
};
export const qualityOf = (flag: number) => ({ qartodFlag: flag, label: qartod[flag] ?? 'unknown' });

/** A Datastream is a point's series: `<pointId>/<port>`. */
export const datastreamId = (pointId: string, port: string) => `${pointId}/${port}`;

export function toThing(row: ThingRow) {
  const parameters =
    row.parameters && typeof row.parameters === 'object' ? (row.parameters as Record<string, unknown>) : {};
  const ports = [...new Set([...Object.keys(parameters), ...(row.ports ?? [])])].sort();
  return {
    '@iot.id': row.id,
    name: row.name,
    description: row.address ?? '',
    properties: {
      kind: row.kind,
      unit: row.unit,
      groundLevel: row.groundLevel,
      invertLevel: row.invertLevel,
      warningValue: row.warningValue,
      alertValue: row.alertValue,
    },
    Locations: [
      {
        encodingType: 'application/geo+json' as const,
        location: { type: 'Point' as const, coordinates: [row.longitude, row.latitude] as [number, number] },
      },
    ],
    Datastreams: ports.map((port) => {
      const parsed = portParametersSchema.safeParse(parameters[port]);
      const unit = (parsed.success ? parsed.data.calculated_value_unit : null) || row.unit;
      const label = parsed.success ? parsed.data.label : null;
      return {
        '@iot.id': datastreamId(row.id, port),
        name: `${row.name} · ${label || port}`,
        unitOfMeasurement: { name: unit, symbol: unit, definition: null },
        port,
      };
    }),
  };
}

export function toObservation(row: ObservationRow) {
  const at = row.ts.toISOString();
  return {
    phenomenonTime: at,
    resultTime: at,
    result: row.value,
    resultQuality: qualityOf(Number(row.flag)),
    Datastream: { '@iot.id': datastreamId(row.pointId, row.port) },
  };
}

/** A downsampled bucket: phenomenonTime is the interval, result its mean (gap rows are left out). */
export function toBucketObservation(
  pointId: string,
  port: string,
  row: PointSeriesRow,
  bucketSeconds: number,
) {
  const end = new Date(Date.parse(row.ts) + bucketSeconds * 1000).toISOString();
  return {
    phenomenonTime: `${row.ts}/${end}`,
    resultTime: null,
    result: row.value,
    resultQuality: qualityOf(row.flag ?? 2),
    parameters: { min: row.min, max: row.max, count: row.count },
    Datastream: { '@iot.id': datastreamId(pointId, port) },
  };
}

export function toV1Alert(row: V1AlertRow) {
  return {
    '@iot.id': row.id,
    Thing: { '@iot.id': row.pointId },
    Datastream: row.port ? { '@iot.id': datastreamId(row.pointId, row.port) } : null,
    type: row.type,
    level: row.level,
    openedAt: row.openedAt.toISOString(),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    openedValue: row.openedValue,
    lastValue: row.lastValue,
  };
}

/** Cursors are opaque to clients: base64url of what the next page starts after. */
export const encodeCursor = (parts: string[]) => Buffer.from(parts.join('|')).toString('base64url');
export function decodeCursor(cursor: string | undefined): string[] | null {
  if (!cursor) return null;
  return Buffer.from(cursor, 'base64url').toString('utf8').split('|');
}
