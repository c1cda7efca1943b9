import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isSafeReturnPath,
  parseStoredSession,
  sessionStorageKey,
  sessionStore,
  startSessionSync,
} from './session';

afterEach(() => {
  sessionStore.reload(null);
});

describe('session store', () => {
  it('persists token, language, company and return path in local storage', () => {
    sessionStore.setLanguage('en');
    sessionStore.signIn('tok', 'company-1');
    expect(JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}')).toMatchObject({
      token: 'tok',
      language: 'en',
      currentCompanyId: 'company-1',
    });
  });

  it('clears token and company on sign-out and keeps the path to return to', () => {
    sessionStore.signIn('tok', 'company-1');
    sessionStore.signOut('/app/monitoring?x=1');
    expect(sessionStore.getState()).toMatchObject({
      token: null,
      currentCompanyId: null,
      returnPath: '/app/monitoring?x=1',
    });
  });

  it('only accepts same-origin return paths outside /login', () => {
    expect(isSafeReturnPath('/app')).toBe(true);
    expect(isSafeReturnPath('//evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(isSafeReturnPath('/login')).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });

  it('falls back to a signed-out state on malformed storage', () => {
    expect(parseStoredSession('{not json')).toMatchObject({ token: null, currentCompanyId: null });
    expect(parseStoredSession(JSON.stringify({ token: 5, language: 'fr' })).token).toBeNull();
    expect(['es', 'en']).toContain(parseStoredSession(JSON.stringify({ language: 'fr' })).language);
  });

  it('mirrors sign-in and sign-out made in another tab', () => {
    const stop = startSessionSync(window);
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const signedIn = JSON.stringify({
      token: 'other-tab',
      language: 'es',
      currentCompanyId: 'c2',
      returnPath: null,
    });
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey, newValue: signedIn }));
    expect(sessionStore.getState()).toMatchObject({ token: 'other-tab', currentCompanyId: 'c2' });
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: sessionStorageKey,
        newValue: JSON.stringify({ token: null, language: 'es' }),
      }),
    );
    expect(sessionStore.getState().token).toBeNull();
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: signedIn }));
    expect(sessionStore.getState().token).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    stop();
  });

  it('tells the app when another tab switches company within the same session', () => {
    const onExternalCompanyChange = vi.fn();
    const stop = startSessionSync(window, { onExternalCompanyChange });
    sessionStore.signIn('tok', 'c1');
    const write = (value: object) =>
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: sessionStorageKey,
          newValue: JSON.stringify({ language: 'es', ...value }),
        }),
      );
    write({ token: 'tok', currentCompanyId: 'c1' });
    expect(onExternalCompanyChange).not.toHaveBeenCalled();
    write({ token: 'tok', currentCompanyId: 'c2' });
    expect(onExternalCompanyChange).toHaveBeenCalledTimes(1);
    write({ token: null, currentCompanyId: null });
    expect(onExternalCompanyChange).toHaveBeenCalledTimes(1);
    stop();
  });
});
