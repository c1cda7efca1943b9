/**
 * Who may read /metrics (docs/OPERATIONS.md, "Aforo's own metrics"): a caller presenting
 * `Authorization: Bearer <METRICS_TOKEN>`, or — with METRICS_ALLOW_INTERNAL on — a caller connected
 * straight from a loopback or private address. "Straight" is the socket's own peer and a request
 * without forwarding headers: X-Forwarded-For can be written by anyone (and with TRUST_PROXY on the
 * request's address is taken from it), and a request a proxy relayed arrives from the proxy's
 * private address whoever sent it. Pure, shared by the API server and the METRICS_PORT listener.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { addressClass } from '../lib/ip-address';

export interface MetricsAccess {
  /** METRICS_TOKEN; unset: no token opens /metrics. */
  token?: string;
  /** METRICS_ALLOW_INTERNAL: callers straight from loopback/private addresses need no token. */
  allowInternal: boolean;
}

export interface MetricsCaller {
  /** The socket's peer address (never X-Forwarded-For). */
  peer: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** Headers a proxy adds to say whom it relays; their presence means "not a direct caller". */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];
const internalClasses = new Set(['loopback', 'private', 'unique-local']);

const digest = (text: string) => createHash('sha256').update(text).digest();

function hasToken(expected: string, authorization: string | string[] | undefined): boolean {
  const given =
    typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  // compared as digests: equal lengths, and the time taken says nothing about the token
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** Whether the caller's address, as the socket sees it, is loopback or private and nothing relayed it. */
export function isDirectInternalCaller(caller: MetricsCaller): boolean {
  if (caller.peer === undefined) return false;
  if (forwardingHeaders.some((name) => caller.headers[name] !== undefined)) return false;
  return internalClasses.has(addressClass(caller.peer));
}

export function mayReadMetrics(access: MetricsAccess, caller: MetricsCaller): boolean {
  if (access.token !== undefined && hasToken(access.token, caller.headers.authorization)) return true;
  return access.allowInternal && isDirectInternalCaller(caller);
}
