/** The web's import boundaries (docs/ARCHITECTURE.md): checked through the repository's own lint config. */
import { ESLint } from 'eslint';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// a string, not a URL: happy-dom's URL is not the one node:url expects
const repoRoot = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../..')}/`;
const eslint = new ESLint({
  cwd: repoRoot,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
});

/** The boundary messages lint gives `code` as if it were the file at `path` (from the repository root). */
async function boundaryProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return (result?.messages ?? []).map((m) => m.message);
}

const feature = /through its index\.ts/;

describe('web import boundaries', { timeout: 60_000 }, () => {
  it("refuses a feature's files reached from another feature, statically or lazily", async () => {
    const page = 'web/src/features/events/pages/EventsPage.tsx';
    expect(await boundaryProblems(page, "import { useDevicesQuery } from '../../devices/api';\n")).toEqual([
      expect.stringMatching(feature),
    ]);
    expect(
      await boundaryProblems(page, "export { DateRangeFilter } from '../../measures/components/X';\n"),
    ).toEqual([expect.stringMatching(feature)]);
    const routes = 'web/src/features/operation/routes.tsx';
    expect(
      await boundaryProblems(routes, "export const page = () => import('../devices/pages/DevicesPage');\n"),
    ).toEqual([expect.stringMatching(feature)]);
    expect(
      await boundaryProblems(
        'web/src/app/routes.tsx',
        "import { pointKeys } from '../features/points/api';\n",
      ),
    ).toEqual([expect.stringMatching(feature)]);
  });

  it("allows another feature's index, the feature's own files, ui/ and lib/", async () => {
    const page = 'web/src/features/events/pages/EventsPage.tsx';
    const code = [
      "import { useDevicesQuery } from '../../devices';",
      "import { useEventsQuery } from '../api';",
      "import { EventTypeBadge } from '../components/EventTypeBadge';",
      "import { apiRequest } from '../../../lib/api';",
      "import { DataTable } from '../../../ui/DataTable';",
      "export const page = () => import('./EventsPage');",
    ].join('\n');
    expect(await boundaryProblems(page, `${code}\n`)).toEqual([]);
    expect(
      await boundaryProblems(
        'web/src/features/operation/routes.tsx',
        "import { eventsRoute } from '../events';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryProblems(
        'web/src/app/routes.tsx',
        "import { pointsRoutes } from '../features/points';\n",
      ),
    ).toEqual([]);
  });

  it('keeps ui/ and lib/ free of features, statically or lazily', async () => {
    expect(
      await boundaryProblems(
        'web/src/ui/DataTable.tsx',
        "export const page = () => import('../features/points');\n",
      ),
    ).toEqual([expect.stringMatching(/ui\/ and lib\/ never import features/)]);
    for (const path of ['web/src/ui/DataTable.tsx', 'web/src/lib/api.ts']) {
      expect(await boundaryProblems(path, "import { pointsRoutes } from '../features/points';\n")).toEqual([
        expect.stringMatching(/ui\/ and lib\/ never import features/),
      ]);
    }
  });
});
