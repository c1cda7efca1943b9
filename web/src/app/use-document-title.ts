import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readRouteHandle } from '../lib/route-handle';

/** "<screen> · Aforo" in the browser tab, from the deepest route with a title. */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => readRouteHandle(match.handle).titleKey)
    .filter(Boolean)
    .at(-1);
  const appName = t('common.appName');
  const title = titleKey ? `${t(titleKey)} · ${appName}` : appName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
