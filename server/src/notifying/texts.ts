/** The texts of notifications (alerts, digests, incidents) and their e-mails, in the recipient's language (es default). */
import type { AlertType } from '@aforo/contracts/alert-types';
import type { Language } from '@aforo/contracts/constants';
import { formatMeasure, formatNumber, intlLocales } from '@aforo/contracts/format';

const typeNames: Record<AlertType, Record<Language, string>> = {
  DANGER: { es: 'Peligro', en: 'Danger' },
  // the same names as the web's alert types: the level, then the port limit that raised it
  HIGH_THRESHOLD: { es: 'Peligro (límite superior)', en: 'Danger (upper limit)' },
  WARNING: { es: 'Aviso', en: 'Warning' },
  LOW_THRESHOLD: { es: 'Aviso (límite inferior)', en: 'Warning (lower limit)' },
  NO_TRANSMISSION: { es: 'Sin transmisión', en: 'No transmission' },
  JUMP: { es: 'Salto', en: 'Jump' },
  FLAT: { es: 'Plano', en: 'Flat' },
  PARTIAL_FLAT: { es: 'Plano parcial', en: 'Partial flat' },
  OUT_OF_RANGE: { es: 'Fuera de rango', en: 'Out of range' },
};

export interface AlertForText {
  type: AlertType;
  pointName: string;
  port: string | null;
  unit: string;
  openedAt: Date;
  openedValue: number | null;
  clearedAt: Date | null;
  clearedValue: number | null;
}

const lead: Record<'firing' | 'resolved' | 'escalation', Record<Language, string>> = {
  firing: { es: 'Alerta', en: 'Alert' },
  resolved: { es: 'Resuelta', en: 'Resolved' },
  escalation: { es: 'Sin reconocer', en: 'Unacknowledged' },
};

function when(at: Date, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(intlLocales[lang], {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(at);
}

/** Points store no resolution: three decimals (a level to the millimetre), as the texts always had. */
const valueResolution = 0.001;

/** " 3,887 m" in es, " 3.887 m" in en; nothing without a value. */
function value(v: number | null, unit: string, lang: Language): string {
  return v === null ? '' : ` ${formatMeasure(v, unit, lang, valueResolution)}`;
}

/** Title and body of a firing, resolved or escalation notification. */
export function alertText(
  kind: 'firing' | 'resolved' | 'escalation',
  alert: AlertForText,
  lang: Language,
  timeZone: string,
  escalationMinutes?: number,
): { title: string; body: string } {
  const type = typeNames[alert.type][lang];
  const minutes = escalationMinutes === undefined ? '' : formatNumber(escalationMinutes, lang);
  const where = alert.port ? `${alert.pointName} (${alert.port})` : alert.pointName;
  const title = `${lead[kind][lang]}: ${type} · ${alert.pointName}`;
  const opened = `${when(alert.openedAt, timeZone, lang)}${value(alert.openedValue, alert.unit, lang)}`;
  if (kind === 'resolved' && alert.clearedAt) {
    const cleared = `${when(alert.clearedAt, timeZone, lang)}${value(alert.clearedValue, alert.unit, lang)}`;
    return {
      title,
      body:
        lang === 'en'
          ? `${type} at ${where} cleared ${cleared} (opened ${opened}).`
          : `${type} en ${where} finalizada ${cleared} (abierta ${opened}).`,
    };
  }
  if (kind === 'escalation')
    return {
      title,
      body:
        lang === 'en'
          ? `${type} at ${where} is still unacknowledged after ${minutes} minutes (opened ${opened}).`
          : `${type} en ${where} sigue sin reconocer tras ${minutes} minutos (abierta ${opened}).`,
    };
  return {
    title,
    body: lang === 'en' ? `${type} at ${where} since ${opened}.` : `${type} en ${where} desde ${opened}.`,
  };
}

/** The digest of what quiet hours held: one line per notification, at most `maxLines` shown. */
export function digestText(held: Array<{ title: string }>, lang: Language): { title: string; body: string } {
  const maxLines = 50;
  const lines = held.slice(0, maxLines).map((h) => `• ${h.title}`);
  const more = formatNumber(held.length - maxLines, lang);
  if (held.length > maxLines) lines.push(lang === 'en' ? `… and ${more} more` : `… y ${more} más`);
  const count = formatNumber(held.length, lang);
  return {
    title:
      lang === 'en'
        ? `${count} notification${held.length === 1 ? '' : 's'} during your quiet hours`
        : `${count} notificaci${held.length === 1 ? 'ón' : 'ones'} durante sus horas de silencio`,
    body: lines.join('\n'),
  };
}

export interface IncidentForText {
  kind: 'ingestion_silent' | 'mass_silence';
  /** Null: ingestion as a whole. */
  companyName: string | null;
  silentPoints: number;
  watchedPoints: number;
  startedAt: Date;
  endedAt: Date | null;
}

/** Title and body of the notice of an incident's start or end, for provider staff. */
export function incidentText(
  transition: 'start' | 'end',
  incident: IncidentForText,
  lang: Language,
  timeZone: string,
): { title: string; body: string } {
  const en = lang === 'en';
  const what =
    incident.kind === 'ingestion_silent'
      ? en
        ? 'ingestion stopped'
        : 'ingesta detenida'
      : `${en ? 'mass silence' : 'silencio masivo'} · ${incident.companyName ?? ''}`;
  const silent = formatNumber(incident.silentPoints, lang);
  const watched = formatNumber(incident.watchedPoints, lang);
  const counts = en
    ? `${silent} of ${watched} points silent`
    : `${silent} de ${watched} puntos sin transmitir`;
  const started = when(incident.startedAt, timeZone, lang);
  if (transition === 'end') {
    const ended = when(incident.endedAt ?? incident.startedAt, timeZone, lang);
    return {
      title: `${en ? 'Incident over' : 'Incidencia terminada'}: ${what}`,
      body: en
        ? `The incident that started ${started} (${counts}) ended ${ended}. Held No transmission notifications are now delivered.`
        : `La incidencia que empezó ${started} (${counts}) terminó ${ended}. Las notificaciones de Sin transmisión retenidas se entregan ahora.`,
    };
  }
  const cause =
    incident.kind === 'ingestion_silent'
      ? en
        ? 'No data has reached Aforo for at least 10 minutes'
        : 'No llega ningún dato a Aforo desde hace al menos 10 minutos'
      : en
        ? `Many points of ${incident.companyName ?? ''} fell silent at once`
        : `Muchos puntos de ${incident.companyName ?? ''} han dejado de transmitir a la vez`;
  return {
    title: `${en ? 'Incident' : 'Incidencia'}: ${what}`,
    body: en
      ? `${cause} (${counts}, since ${started}). No transmission notifications are held until it ends.`
      : `${cause} (${counts}, desde ${started}). Las notificaciones de Sin transmisión quedan retenidas hasta que termine.`,
  };
}

/** The e-mail of a notification; `link` (an alert's detail in the web app) closes its text when given. */
export function notificationMail(
  to: { email: string; name: string },
  text: { title: string; body: string },
  lang: Language,
  link?: string,
) {
  const see = link ? (lang === 'en' ? `\n\nSee the alert: ${link}` : `\n\nVer la alerta: ${link}`) : '';
  return {
    to: to.email,
    subject: `Aforo · ${text.title}`,
    text:
      lang === 'en'
        ? `Hello ${to.name},\n\n${text.body}${see}\n\nAforo`
        : `Hola, ${to.name}:\n\n${text.body}${see}\n\nAforo`,
  };
}
