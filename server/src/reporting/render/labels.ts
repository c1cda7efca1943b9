/**
 * The words of the report files (docs/REPORTS.md "Report files") in each language: the same keys in
 * es and en, so a missing translation is a type error. CSV headers are machine names and stay out.
 */
import type { Language } from '@aforo/contracts/constants';
import type { DayClass, ExclusionCause, SeriesTotal } from '@aforo/contracts/daily-summaries';
import { operationFormula } from '@aforo/contracts/reports';

export type ReportKind = 'monthly' | 'quarterly' | 'level';

export interface ReportLabels {
  title: Record<ReportKind, string>;
  /** File name stems: informe-mensual-2026-10.pdf. */
  fileStem: Record<ReportKind, string>;
  dailyLevelsFile: string;
  summaryFile: string;
  company: string;
  network: string;
  period: string;
  from: string;
  to: string;
  openPeriod: string;
  generated: string;
  formulaLabel: string;
  /** docs/REPORTS.md "Operation %", in words of the language. */
  formula: string;
  totals: string;
  /** Headers of the counts behind an operation %. */
  counts: Record<'days' | 'correct' | 'intermittent' | 'incorrect' | 'noTransmission' | 'excluded', string>;
  point: string;
  port: string;
  unit: string;
  day: string;
  month: string;
  quarter: string;
  days: string;
  count: string;
  class: string;
  exclusion: string;
  percent: string;
  min: string;
  max: string;
  mean: string;
  total: string;
  totalOf: Record<SeriesTotal, string>;
  wholePeriod: string;
  averageMonthlyPercent: string;
  averageDailyMin: string;
  averageDailyMax: string;
  averageDailyMean: string;
  averageDailyTotal: string;
  averageMonthlyTotal: string;
  test: string;
  noData: string;
  legend: string;
  excludedDays: string;
  classes: Record<DayClass, string>;
  causes: Record<ExclusionCause, string>;
  /** "Página {page} de {pages}". */
  page: string;
  sheets: { summary: string; days: string; months: string };
  months: readonly string[];
  monthsShort: readonly string[];
  /** "1 de octubre de 2026": {d}, {month}, {y}. */
  longDate: string;
  /** "del {from} al {to}". */
  range: string;
}

const es: ReportLabels = {
  title: {
    monthly: 'Informe mensual de operación',
    quarterly: 'Informe trimestral de operación',
    level: 'Informe de niveles',
  },
  fileStem: { monthly: 'informe-mensual', quarterly: 'informe-trimestral', level: 'informe-niveles' },
  dailyLevelsFile: 'niveles-diarios',
  summaryFile: 'resumen',
  company: 'Empresa',
  network: 'Toda la red',
  period: 'Periodo',
  from: 'Desde',
  to: 'Hasta',
  openPeriod: 'periodo en curso: las cifras pueden cambiar',
  generated: 'Generado',
  formulaLabel: 'Fórmula',
  formula: '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
  totals: 'Totales',
  counts: {
    days: 'Días',
    correct: 'Correctos',
    intermittent: 'Intermitentes',
    incorrect: 'Incorrectos',
    noTransmission: 'Sin transmisión',
    excluded: 'Excluidos',
  },
  point: 'Punto',
  port: 'Serie',
  unit: 'Unidad',
  day: 'Día',
  month: 'Mes',
  quarter: 'Trimestre',
  days: 'Días',
  count: 'Medidas',
  class: 'Clase',
  exclusion: 'Causa de exclusión',
  percent: '% de operación',
  min: 'Mínimo',
  max: 'Máximo',
  mean: 'Media',
  total: 'Total',
  totalOf: { rain: 'Lluvia', volume: 'Volumen' },
  wholePeriod: 'Todo el periodo',
  averageMonthlyPercent: 'Media del % mensual',
  averageDailyMin: 'Media de mínimos diarios',
  averageDailyMax: 'Media de máximos diarios',
  averageDailyMean: 'Media de medias diarias',
  averageDailyTotal: 'Total diario medio',
  averageMonthlyTotal: 'Total mensual medio',
  test: 'en pruebas',
  noData: 'sin datos',
  legend: 'Leyenda',
  excludedDays: 'Días excluidos',
  classes: {
    correct: 'correcto',
    intermittent: 'intermitente',
    incorrect: 'incorrecto',
    no_transmission: 'sin transmisión',
    excluded: 'excluido',
  },
  causes: {
    device_maintenance: 'Equipo en mantenimiento',
    device_decommissioned: 'Equipo dado de baja',
    point_test: 'Punto en pruebas',
    agreed: 'Excluido por acuerdo',
  },
  page: 'Página {page} de {pages}',
  sheets: { summary: 'Resumen', days: 'Días', months: 'Meses' },
  months: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  monthsShort: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  longDate: '{d} de {month} de {y}',
  range: 'del {from} al {to}',
};

const en: ReportLabels = {
  title: {
    monthly: 'Monthly operation report',
    quarterly: 'Quarterly operation report',
    level: 'Level report',
  },
  fileStem: { monthly: 'monthly-report', quarterly: 'quarterly-report', level: 'level-report' },
  dailyLevelsFile: 'daily-levels',
  summaryFile: 'summary',
  company: 'Company',
  network: 'Whole network',
  period: 'Period',
  from: 'From',
  to: 'To',
  openPeriod: 'period in progress: the figures may change',
  generated: 'Generated',
  formulaLabel: 'Formula',
  formula: operationFormula,
  totals: 'Totals',
  counts: {
    days: 'Days',
    correct: 'Correct',
    intermittent: 'Intermittent',
    incorrect: 'Incorrect',
    noTransmission: 'No transmission',
    excluded: 'Excluded',
  },
  point: 'Point',
  port: 'Series',
  unit: 'Unit',
  day: 'Day',
  month: 'Month',
  quarter: 'Quarter',
  days: 'Days',
  count: 'Measures',
  class: 'Class',
  exclusion: 'Exclusion cause',
  percent: 'Operation %',
  min: 'Minimum',
  max: 'Maximum',
  mean: 'Mean',
  total: 'Total',
  totalOf: { rain: 'Rain', volume: 'Volume' },
  wholePeriod: 'Whole period',
  averageMonthlyPercent: 'Mean of monthly %',
  averageDailyMin: 'Mean daily minimum',
  averageDailyMax: 'Mean daily maximum',
  averageDailyMean: 'Mean daily mean',
  averageDailyTotal: 'Mean daily total',
  averageMonthlyTotal: 'Mean monthly total',
  test: 'in test',
  noData: 'no data',
  legend: 'Legend',
  excludedDays: 'Excluded days',
  classes: {
    correct: 'correct',
    intermittent: 'intermittent',
    incorrect: 'incorrect',
    no_transmission: 'no transmission',
    excluded: 'excluded',
  },
  causes: {
    device_maintenance: 'Device in maintenance',
    device_decommissioned: 'Device decommissioned',
    point_test: 'Point in test',
    agreed: 'Excluded by agreement',
  },
  page: 'Page {page} of {pages}',
  sheets: { summary: 'Summary', days: 'Days', months: 'Months' },
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  longDate: '{d} {month} {y}',
  range: 'from {from} to {to}',
};

export const reportLabels: Record<Language, ReportLabels> = { es, en };

/** "Página {page} de {pages}" with its fields filled in. */
export function fill(template: string, fields: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in fields ? String(fields[key]) : whole,
  );
}
