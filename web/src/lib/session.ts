/** The session store (docs/WEB.md): token, language, current company and return path, persisted in local storage. */
import { useSyncExternalStore } from 'react';
import { languageFromLocale, languages } from '@aforo/contracts/constants';
import type { Language } from '@aforo/contracts/constants';

export const sessionStorageKey = 'aforo.session';

export interface SessionState {
  token: string | null;
  language: Language;
  currentCompanyId: string | null;
  /** Where to go after the next sign-in (stored on logout or when a visitor is sent to /login). */
  returnPath: string | null;
}

type Listener = () => void;

function browserLanguage(): Language {
  return languageFromLocale(typeof navigator === 'undefined' ? null : navigator.language);
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Parses what local storage holds; anything malformed falls back to a signed-out state. */
export function parseStoredSession(raw: string | null): SessionState {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    token: stringOrNull(stored.token),
    language: isLanguage(stored.language) ? stored.language : browserLanguage(),
    currentCompanyId: stringOrNull(stored.currentCompanyId),
    returnPath: stringOrNull(stored.returnPath),
  };
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(sessionStorageKey);
  } catch {
    return null;
  }
}

function writeStorage(state: SessionState): void {
  try {
    localStorage.setItem(sessionStorageKey, JSON.stringify(state));
  } catch {
    // storage may be full or blocked (private mode): the in-memory session still works
  }
}

let state: SessionState = parseStoredSession(readStorage());
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function update(patch: Partial<SessionState>, persist = true): void {
  state = { ...state, ...patch };
  if (persist) writeStorage(state);
  emit();
}

/** Only same-origin absolute paths outside the sign-in page are valid places to return to. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login');
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, currentCompanyId: string | null): void {
    update({ token, currentCompanyId });
  },
  setToken(token: string): void {
    update({ token });
  },
  /** Logout clears token and company and keeps the path to return to (docs/WEB.md). */
  signOut(returnPath: string | null): void {
    update({
      token: null,
      currentCompanyId: null,
      returnPath: isSafeReturnPath(returnPath) ? returnPath : state.returnPath,
    });
  },
  setLanguage(language: Language): void {
    if (language !== state.language) update({ language });
  },
  setCurrentCompany(currentCompanyId: string | null): void {
    if (currentCompanyId !== state.currentCompanyId) update({ currentCompanyId });
  },
  rememberReturnPath(returnPath: string): void {
    if (isSafeReturnPath(returnPath)) update({ returnPath });
  },
  clearReturnPath(): void {
    if (state.returnPath !== null) update({ returnPath: null });
  },
  /** Re-reads local storage, e.g. after another tab wrote it. */
  reload(raw: string | null = readStorage()): void {
    update(parseStoredSession(raw), false);
  },
};

export interface SessionSyncOptions {
  /** Another tab switched company within the same session: this tab's data belongs to the old one. */
  onExternalCompanyChange?: () => void;
}

/** Mirrors sign-in, sign-out, token refresh, language and company changes made in other tabs. */
export function startSessionSync(target: Window = window, options: SessionSyncOptions = {}): () => void {
  const handleStorage = (event: StorageEvent): void => {
    if (event.key !== sessionStorageKey && event.key !== null) return;
    const before = state;
    sessionStore.reload(event.newValue);
    const after = state;
    const isSameSession = before.token !== null && after.token !== null;
    if (
      isSameSession &&
      before.currentCompanyId !== null &&
      before.currentCompanyId !== after.currentCompanyId
    ) {
      options.onExternalCompanyChange?.();
    }
  };
  target.addEventListener('storage', handleStorage);
  return () => target.removeEventListener('storage', handleStorage);
}

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => selector(sessionStore.getState()),
    () => selector(sessionStore.getState()),
  );
}
