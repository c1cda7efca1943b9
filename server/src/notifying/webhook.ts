/**
 * The webhook channel (docs/ALERTS.md): a JSON POST of {status, fingerprint, alert, company, text, sentAt}
 * signed with HMAC-SHA256 of the exact body under the config's secret (X-Aforo-Signature:
 * sha256=<hex>), with the delivery's key as Idempotency-Key so a receiver can drop a retried copy.
 * 2xx is delivered; anything else, a redirect included (never followed), or no answer within the
 * time limit is a failed attempt. Only public addresses are reached (SSRF): a host that is, or
 * resolves to, a loopback, private, link-local… address fails for good, unless WEBHOOK_ALLOW_PRIVATE.
 */
import { createHash, createHmac } from 'node:crypto';
import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Alert } from '@aforo/contracts/alerts';
import type { Language } from '@aforo/contracts/constants';
import { isNonPublicHost, isPublicAddress } from '../lib/ip-address';

export interface WebhookPayload {
  status: 'firing' | 'resolved';
  fingerprint: string;
  alert: Alert;
  company: { id: string; name: string };
  /**
   * The notice as a person reads it (the in-app and e-mail text), in both languages with their
   * number and date marks: a webhook has no recipient language, and a chat channel posts it as is.
   */
  text: Record<Language, { title: string; body: string }>;
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

export interface WebhookOptions {
  timeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: tests and local demos post to a receiver on this machine. */
  allowPrivate?: boolean;
}

/** A failed attempt, and whether another one could succeed. */
export interface WebhookFailure {
  error: string;
  final: boolean;
}

export const addressNotAllowed = 'webhook address not allowed';

class AddressNotAllowedError extends Error {
  constructor() {
    super(addressNotAllowed);
  }
}
class TimeoutError extends Error {}

/**
 * The resolver the socket connects with: every address of the name is checked and the connection
 * goes to one of those checked (no second lookup a rebinding DNS could answer differently).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(new AddressNotAllowedError(), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Sends one attempt; resolves with null when delivered, else the failure. The host keeps its name
 * (Host header, TLS SNI and certificate check) while the socket goes to the checked address.
 */
export async function postWebhook(
  url: string,
  payload: WebhookPayload,
  secret: string,
  idempotencyKey: string,
  options: WebhookOptions = {},
): Promise<WebhookFailure | null> {
  const timeoutMs = options.timeoutMs ?? webhookTimeoutMs;
  const body = JSON.stringify({ ...payload, sentAt: new Date().toISOString() });
  if (Buffer.byteLength(body) > maxWebhookBodyBytes) return { error: 'payload too large', final: true };
  const target = new URL(url);
  const refused = { error: addressNotAllowed, final: true };
  if (!options.allowPrivate && isNonPublicHost(target.hostname)) return refused;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Aforo-Webhook/1',
        'x-aforo-signature': signature(body, secret),
        'idempotency-key': idempotencyKey,
      },
      // a fresh socket each time: a pooled one would skip the address check
      agent: false,
      lookup: options.allowPrivate ? undefined : guardedLookup,
    });
    const timer = setTimeout(() => request.destroy(new TimeoutError()), timeoutMs);
    request.on('response', (res) => {
      clearTimeout(timer);
      // only the status counts (a redirect is never followed): the answer's body is not read
      res.destroy();
      const status = res.statusCode ?? 0;
      resolve(status >= 200 && status < 300 ? null : { error: `HTTP ${status}`, final: false });
    });
    request.on('error', (err) => {
      clearTimeout(timer);
      if (err instanceof AddressNotAllowedError) return resolve(refused);
      if (err instanceof TimeoutError)
        return resolve({ error: `no answer within ${timeoutMs / 1000} s`, final: false });
      resolve({ error: err.message || String(err), final: false });
    });
    request.end(body);
  });
}
