/**
 * API usage notices (docs/API.md "API tokens"): when a token's calls of the month reach 80 % and
 * 100 % of its limit, the company's admins (Active ADMIN_CLIENTE of that company) get an in-app
 * notification and an e-mail in their language. The call that crossed the share gives the notice,
 * in its own transaction; the keys (token + month + share + person) make a second attempt insert
 * nothing.
 */
import { formatNumber } from '@aforo/contracts/format';
import type { Language } from '@aforo/contracts/constants';
import type { Db } from '../db/client';
import { companyAdmins } from './api-usage-notices.repository';
import { giveNotice } from './notice';

export interface ApiUsageNotice {
  companyId: string;
  tokenId: string;
  alias: string;
  /** Share of the limit reached: 80 or 100. */
  share: number;
  count: number;
  limit: number;
  /** 'YYYY-MM', UTC. */
  month: string;
}

export function apiUsageText(n: ApiUsageNotice, lang: Language): { title: string; body: string } {
  const en = lang === 'en';
  const used = formatNumber(n.count, lang);
  const limit = formatNumber(n.limit, lang);
  if (n.share >= 100)
    return {
      title: en
        ? `API token "${n.alias}" used up its monthly calls`
        : `El token de API «${n.alias}» ha agotado sus llamadas del mes`,
      body: en
        ? `${used} of ${limit} calls in ${n.month}. Further calls answer 429 until the first day of next month (UTC); raise the token's limit or the billing plan to go on.`
        : `${used} de ${limit} llamadas en ${n.month}. Las siguientes llamadas responden 429 hasta el primer día del mes siguiente (UTC); suba el límite del token o el plan de facturación para continuar.`,
    };
  return {
    title: en
      ? `API token "${n.alias}" at ${n.share} % of its monthly calls`
      : `El token de API «${n.alias}» ha usado el ${n.share} % de sus llamadas del mes`,
    body: en ? `${used} of ${limit} calls in ${n.month}.` : `${used} de ${limit} llamadas en ${n.month}.`,
  };
}

/** Gives the notice to the company's admins; returns how many were told. */
export async function noticeApiUsage(tx: Db, n: ApiUsageNotice): Promise<number> {
  const admins = await companyAdmins(tx, n.companyId);
  let told = 0;
  for (const admin of admins) {
    const language: Language = admin.language === 'en' ? 'en' : 'es';
    const given = await giveNotice(tx, {
      companyId: n.companyId,
      kind: 'api_usage',
      userId: admin.id,
      mailTo: { email: admin.email, name: admin.name, language },
      text: apiUsageText(n, language),
      key: `api-usage:${n.tokenId}:${n.month}:${n.share}:${admin.id}`,
    });
    if (given) told += 1;
  }
  return told;
}
