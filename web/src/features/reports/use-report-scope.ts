/**
 * The company a report is of, kept in the URL so a report is a shareable link: `scope=all` (and
 * `companyId`) for the provider's network, nothing for the current company. The choice itself stays
 * web/src/lib/network-scope.ts's, which the header's selector and the company filter change (docs/WEB.md
 * "All companies"); the screen writes it into its URL, and a link that names the network view turns
 * it on as the route loads (reportScopeLoader), before the screen asks for anything.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { networkStore, useNetworkScope } from '../../lib/network-scope';
import type { NetworkScope } from '../../lib/network-scope';
import type { UrlParams } from './use-url-params';

/**
 * The route's loader: `scope=all[&companyId]` in the URL becomes the network view's choice (only
 * provider staff honour it: web/src/lib/network-scope.ts networkScopeOf). A URL without it keeps the choice.
 */
export function reportScopeLoader({ request }: LoaderFunctionArgs): null {
  const search = new URL(request.url).searchParams;
  if (search.get('scope') === 'all') {
    networkStore.setCompanyFilter(search.get('companyId'));
    networkStore.setAll(true);
  }
  return null;
}

export interface ReportScope extends NetworkScope {
  /** What the URL should say of the company (nothing until the user is known). */
  url: UrlParams;
}

export function useReportScope(): ReportScope {
  const network = useNetworkScope();
  const { scope = null, companyId = null } = network.params;
  return { ...network, url: network.ready ? { scope, companyId } : {} };
}
