import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { SectionLayout } from '../../ui/SectionLayout';

/** /app/history-changes: redirects to its child history-changes. */
export const historyChangesRoutes: RouteObject[] = [
  {
    path: 'history-changes',
    handle: { titleKey: 'nav.historyChanges', group: 'general' },
    element: <SectionLayout titleKey="nav.historyChanges" />,
    children: [
      { index: true, element: <Navigate to="history-changes" replace /> },
      {
        path: 'history-changes',
        handle: { titleKey: 'screens.historyChanges' },
        lazy: () => import('./pages/HistoryChangesPage').then((m) => ({ Component: m.HistoryChangesPage })),
      },
    ],
  },
];
