/**
 * The webhook channel (DESIGN.md §7): a JSON POST of {status, fingerprint, alert, company, sentAt}
 * signed with HMAC-SHA256 of the exact body under the config's secret (X-Aforo-Signature:
 * sha256=<hex>), with the delivery's key as Idempotency-Key so a receiver can drop a retried copy.
 * 2xx is delivered; anything else, a redirect included (never followed), or no answer within the
 * time limit is a failed attempt.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Alert } from '@aforo/contracts/alerts';

export interface WebhookPayload {
  status: 'firing' | 'resolved';
  fingerprint: string;
  alert: Alert;
  company: { id: string; name: string };
}

/** Stable per alert: the same series, type and opening always give the same fingerprint. */
export function fingerprint(alert: {
  pointId: string;
  port: string | null;
  type: string;
  openedAt: Date;
}): string {
  return createHash('sha256')
    .update([alert.pointId, alert.port ?? '', alert.type, alert.openedAt.toISOString()].join('|'))
    .digest('hex');
}

export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Bodies larger than this are refused before sending (an alert is a few hundred bytes). */
export const maxWebhookBodyBytes = 64 * 1024;
export const webhookTimeoutMs = 10_000;

/** Sends one attempt; resolves with null when delivered, else the reason. */
export async function postWebhook(
  url: string,
  payload: WebhookPayload,
  secret: string,
  idempotencyKey: string,
  timeoutMs = webhookTimeoutMs,
): Promise<string | null> {
  const body = JSON.stringify({ ...payload, sentAt: new Date().toISOString() });
  if (Buffer.byteLength(body) > maxWebhookBodyBytes) return 'payload too large';
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Aforo-Webhook/1',
        'x-aforo-signature': signature(body, secret),
        'idempotency-key': idempotencyKey,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // the answer's body is not read: only its status counts
    await res.body?.cancel().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      return `no answer within ${timeoutMs / 1000} s`;
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err instanceof Error ? err.message : String(err)}${cause}`;
  }
}
