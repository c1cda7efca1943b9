/**
 * The columns of GET /api/measures/export (docs/API.md "Exports"): the CSV headers are the stable
 * machine names, the XLSX headers the caller's language. Interpreted values and their aggregates are
 * rounded to measureResolution; direct and adjusted values are kept as the device sent them. A value
 * stored unusable (not finite, beyond ±1e12: docs/MEASURES.md) is an empty cell.
 */
import type { Language } from '@aforo/contracts/constants';
import { measureResolution } from '@aforo/contracts/measures';
import { readable } from '../../lib/conversion';
import type { TableColumn } from '../../lib/table-export';
import type { MeasureBucketRow, MeasureRow } from './measures.repository';

const titles = {
  es: {
    sheet: 'Medidas',
    ts: 'Fecha ({zone})',
    bucket: 'Inicio del intervalo ({zone})',
    epoch: 'Hora epoch',
    deviceSerial: 'Equipo',
    pointName: 'Punto de medición',
    port: 'Puerto',
    direct: 'Directo',
    adjusted: 'Ajustado',
    interpreted: 'Interpretado',
    flag: 'Calidad',
    receivedAt: 'Recibida ({zone})',
    topic: 'Tema MQTT',
    deviceId: 'Id. del equipo',
    pointId: 'Id. del punto',
    count: 'Medidas',
    failed: 'Fallidas',
    min: 'Mínimo',
    avg: 'Media',
    max: 'Máximo',
    last: 'Última',
  },
  en: {
    sheet: 'Measures',
    ts: 'Date ({zone})',
    bucket: 'Interval start ({zone})',
    epoch: 'Epoch time',
    deviceSerial: 'Device',
    pointName: 'Measurement point',
    port: 'Port',
    direct: 'Direct',
    adjusted: 'Adjusted',
    interpreted: 'Interpreted',
    flag: 'Quality',
    receivedAt: 'Received ({zone})',
    topic: 'MQTT topic',
    deviceId: 'Device id',
    pointId: 'Point id',
    count: 'Measures',
    failed: 'Failed',
    min: 'Minimum',
    avg: 'Average',
    max: 'Maximum',
    last: 'Last',
  },
} satisfies Record<Language, Record<string, string>>;
type Title = keyof (typeof titles)['en'];

/** The export's texts in `lang`, times named with the company's zone. */
function titleOf(lang: Language, timeZone: string) {
  return (key: Title) => titles[lang][key].replace('{zone}', timeZone);
}

export const measureSheetName = (lang: Language) => titles[lang].sheet;

const value = { kind: 'number', resolution: measureResolution } as const;
const wide = { width: 38 };

/** Every measure: times on the company's clock, the three values, the flag and where it came from. */
export function measureColumns(lang: Language, timeZone: string): TableColumn<MeasureRow>[] {
  const title = titleOf(lang, timeZone);
  return [
    { key: 'ts', title: title('ts'), kind: 'time', value: (r) => r.ts },
    { key: 'epoch', title: title('epoch'), kind: 'integer', value: (r) => Math.floor(r.ts.getTime() / 1000) },
    { key: 'device_serial', title: title('deviceSerial'), kind: 'text', value: (r) => r.deviceSerial },
    { key: 'point_name', title: title('pointName'), kind: 'text', width: 28, value: (r) => r.pointName },
    { key: 'port', title: title('port'), kind: 'text', width: 8, value: (r) => r.port },
    { key: 'direct', title: title('direct'), kind: 'number', value: (r) => readable(r.direct) },
    { key: 'adjusted', title: title('adjusted'), kind: 'number', value: (r) => readable(r.adjusted) },
    { key: 'interpreted', title: title('interpreted'), ...value, value: (r) => readable(r.interpreted) },
    { key: 'flag', title: title('flag'), kind: 'integer', value: (r) => r.flag },
    { key: 'received_at', title: title('receivedAt'), kind: 'time', value: (r) => r.receivedAt },
    { key: 'topic', title: title('topic'), kind: 'text', width: 30, value: (r) => r.topic },
    { key: 'device_id', title: title('deviceId'), kind: 'text', ...wide, value: (r) => r.deviceId },
    { key: 'point_id', title: title('pointId'), kind: 'text', ...wide, value: (r) => r.pointId },
  ];
}

/** One line per point, port and bucket of the company's clock (the aggregated export). */
export function measureBucketColumns(lang: Language, timeZone: string): TableColumn<MeasureBucketRow>[] {
  const title = titleOf(lang, timeZone);
  return [
    { key: 'bucket_start', title: title('bucket'), kind: 'time', value: (r) => new Date(r.epoch * 1000) },
    { key: 'epoch', title: title('epoch'), kind: 'integer', value: (r) => r.epoch },
    { key: 'point_name', title: title('pointName'), kind: 'text', width: 28, value: (r) => r.pointName },
    { key: 'port', title: title('port'), kind: 'text', width: 8, value: (r) => r.port },
    { key: 'count', title: title('count'), kind: 'integer', value: (r) => r.count },
    { key: 'failed', title: title('failed'), kind: 'integer', value: (r) => r.failed },
    { key: 'min', title: title('min'), ...value, value: (r) => r.min },
    { key: 'avg', title: title('avg'), ...value, value: (r) => r.avg },
    { key: 'max', title: title('max'), ...value, value: (r) => r.max },
    { key: 'last', title: title('last'), ...value, value: (r) => r.last },
    { key: 'point_id', title: title('pointId'), kind: 'text', ...wide, value: (r) => r.pointId },
  ];
}
