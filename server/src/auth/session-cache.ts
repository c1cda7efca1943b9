/**
 * The session look-ups kept in memory (docs/ROLES.md "Sessions", docs/PERFORMANCE.md): every call
 * used to read its caller's user row and profiles (and a company for provider staff) before any
 * work — two or three round trips that cost more than most reads themselves.
 *
 * An entry leaves the cache when Aforo changes what it holds: 'user.changed' (state, password,
 * profiles, roles, email, default company, delete/restore) and 'company.changed' (delete/restore),
 * published by the services after the commit and heard in the publisher's own turn (onNow, so the
 * publisher's next call already misses) and by every other process through the event bus. A change
 * made behind Aforo's back (SQL by hand) is seen after `maxAgeMs` at most; after the bus lost its
 * connection (notifications missed) everything is dropped. Only what exists is cached: an unknown
 * user or company is read again on every call.
 */
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../events/event-bus';
import type { ProfileRow, SessionRepository, UserRow } from './session.repository';

export interface SessionCacheOptions {
  /** Users held at most (least recently used leave first). */
  maxEntries?: number;
  /** An entry is read again after this long whatever happened; 0 turns the cache off. */
  maxAgeMs?: number;
}

export const defaultSessionCache = { maxEntries: 10_000, maxAgeMs: 10_000 } as const;

type SessionOf = { user: UserRow; profiles: ProfileRow[] };
type Events = Pick<EventBus, 'onNow' | 'onResync'>;

export function createSessionCache(
  repo: SessionRepository,
  events: Events,
  options: SessionCacheOptions = {},
): SessionRepository {
  const maxAgeMs = options.maxAgeMs ?? defaultSessionCache.maxAgeMs;
  if (maxAgeMs <= 0) return repo;
  const ttl = { max: options.maxEntries ?? defaultSessionCache.maxEntries, ttl: maxAgeMs };
  // the promise is cached, so concurrent calls of one user share one read; a failed read is dropped
  const sessions = new LRUCache<string, Promise<SessionOf | undefined>>(ttl);
  const companies = new LRUCache<string, Promise<boolean>>(ttl);
  let provider: { at: number; id: Promise<string | null> } | null = null;

  function remember<V>(
    cache: LRUCache<string, Promise<V>>,
    key: string,
    read: () => Promise<V>,
    keep: (v: V) => boolean,
  ) {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = read();
    cache.set(key, pending);
    pending.then(
      (value) => {
        if (!keep(value) && cache.get(key) === pending) cache.delete(key);
      },
      () => {
        if (cache.get(key) === pending) cache.delete(key);
      },
    );
    return pending;
  }

  const forgetCompanies = () => {
    companies.clear();
    provider = null;
  };
  events.onNow('user.changed', ({ userIds }) => userIds.forEach((id) => sessions.delete(id)));
  events.onNow('company.changed', forgetCompanies);
  events.onResync(() => {
    sessions.clear();
    forgetCompanies();
  });

  return {
    ...repo,
    findForSession: (userId) => remember(sessions, userId, () => repo.findForSession(userId), Boolean),
    companyExists: (companyId) =>
      remember(
        companies,
        companyId,
        () => repo.companyExists(companyId),
        (exists) => exists,
      ),
    providerCompanyId() {
      if (!provider || Date.now() - provider.at > maxAgeMs) {
        const id = repo.providerCompanyId();
        provider = { at: Date.now(), id };
        id.catch(() => (provider = null));
      }
      return provider.id;
    },
  };
}
