/**
 * The mail of a closed month's revision (docs/REPORTS.md "Delivery"), in the recipient's language:
 * the company, the month, the revision, the operation % with the counts behind it (numbers through
 * contracts/src/format.ts: decimal comma in Spanish) and, for a later revision, how many point-days
 * changed; the files attached or linked, and their language when it is not the reader's.
 */
import type { Language } from '@aforo/contracts/constants';
import { formatNumber } from '@aforo/contracts/format';
import type { OperationCounts } from '@aforo/contracts/reports';
import { reportLabels } from './render/labels';

export interface DeliveryFacts {
  companyName: string;
  month: string;
  n: number;
  totals: OperationCounts;
  /** Point-days that differ from revision n − 1 (0 for revision 1). */
  changes: number;
  /** The language the frozen files are written in (the closer's). */
  filesLanguage: Language;
}

export interface DeliveryRecipient {
  name: string;
  email: string;
  language: Language;
}

/** Files attached (null) or, over the size limit, the links to them. */
export type DeliveryLinks = { pdf: string; xlsx: string } | null;

const languageNames: Record<Language, Record<Language, string>> = {
  es: { es: 'español', en: 'inglés' },
  en: { es: 'Spanish', en: 'English' },
};

/** "septiembre de 2026" / "September 2026". */
function monthName(month: string, lang: Language): string {
  const name = reportLabels[lang].months[Number(month.slice(5, 7)) - 1] ?? month;
  return lang === 'en' ? `${name} ${month.slice(0, 4)}` : `${name} de ${month.slice(0, 4)}`;
}

function countsLine(t: OperationCounts, lang: Language): string {
  const n = (v: number) => formatNumber(v, lang);
  const percent =
    t.percent === null ? '—' : `${formatNumber(t.percent, lang, { maximumFractionDigits: 1 })} %`;
  const counted = t.days - t.excluded - t.noTransmission;
  return lang === 'en'
    ? `Operation: ${percent} (${n(t.correct + t.intermittent)} of ${n(counted)} counted point-days correct or intermittent; ${n(t.correct)} correct, ${n(t.intermittent)} intermittent, ${n(t.incorrect)} incorrect, ${n(t.noTransmission)} without transmission, ${n(t.excluded)} excluded).`
    : `Operación: ${percent} (${n(t.correct + t.intermittent)} de ${n(counted)} días de punto contados correctos o intermitentes; ${n(t.correct)} correctos, ${n(t.intermittent)} intermitentes, ${n(t.incorrect)} incorrectos, ${n(t.noTransmission)} sin transmisión, ${n(t.excluded)} excluidos).`;
}

function filesLine(f: DeliveryFacts, lang: Language, links: DeliveryLinks): string {
  const other = f.filesLanguage !== lang;
  const inLanguage = languageNames[lang][f.filesLanguage];
  if (lang === 'en') {
    const tail = other ? ` They are written in ${inLanguage}, the language of whoever closed the month.` : '';
    return links
      ? `The PDF and XLSX of revision ${f.n} are too large to attach; download them signed in to Aforo:\nPDF: ${links.pdf}\nXLSX: ${links.xlsx}\n${tail.trim()}`.trim()
      : `The PDF and XLSX of revision ${f.n} are attached.${tail}`;
  }
  const tail = other ? ` Están en ${inLanguage}, el idioma de quien cerró el mes.` : '';
  return links
    ? `El PDF y el XLSX de la revisión ${f.n} son demasiado grandes para adjuntarlos; descárguelos con su sesión de Aforo:\nPDF: ${links.pdf}\nXLSX: ${links.xlsx}\n${tail.trim()}`.trim()
    : `Se adjuntan el PDF y el XLSX de la revisión ${f.n}.${tail}`;
}

export function deliveryMail(
  to: DeliveryRecipient,
  f: DeliveryFacts,
  links: DeliveryLinks,
): { to: string; subject: string; text: string } {
  const lang = to.language;
  const month = monthName(f.month, lang);
  const n = formatNumber(f.changes, lang);
  if (lang === 'en') {
    const subject =
      f.n === 1
        ? `Monthly report of ${f.companyName}, ${month}: month closed`
        : `Monthly report of ${f.companyName}, ${month}: revision ${f.n}`;
    const what =
      f.n === 1
        ? `${month} has been closed for ${f.companyName} (revision 1).`
        : `The closed report of ${month} for ${f.companyName} has changed: revision ${f.n}, with ${n} point-day${f.changes === 1 ? '' : 's'} changed since revision ${f.n - 1}.`;
    return {
      to: to.email,
      subject,
      text: `Hello ${to.name},\n\n${what}\n${countsLine(f.totals, lang)}\n\n${filesLine(f, lang, links)}\n\nAforo`,
    };
  }
  const subject =
    f.n === 1
      ? `Informe mensual de ${f.companyName}, ${month}: mes cerrado`
      : `Informe mensual de ${f.companyName}, ${month}: revisión ${f.n}`;
  const what =
    f.n === 1
      ? `Se ha cerrado el mes de ${month} de ${f.companyName} (revisión 1).`
      : `El mes cerrado de ${month} de ${f.companyName} ha cambiado: revisión ${f.n}, con ${n} día${f.changes === 1 ? '' : 's'} de punto modificado${f.changes === 1 ? '' : 's'} respecto a la revisión ${f.n - 1}.`;
  return {
    to: to.email,
    subject,
    text: `Hola, ${to.name}:\n\n${what}\n${countsLine(f.totals, lang)}\n\n${filesLine(f, lang, links)}\n\nAforo`,
  };
}
