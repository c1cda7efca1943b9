import { defineConfig } from 'vitest/config';

// `npm run test:faults` (docs/OPERATIONS.md, "Faults"): Aforo as child processes on a PostgreSQL
// cluster and a Mosquitto of the tests' own, which the tests stop, start and kill. Not part of
// `npm run test:unit`: they need the PostgreSQL server tools and mosquitto installed, and CI runs them
// as a step of their own.
// VITEST_JSON (set by .ci/run) adds a JSON report that CI sums into its last line.
const json = process.env.VITEST_JSON;
export default defineConfig({
  test: {
    name: 'faults',
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
    environment: 'node',
    include: ['src/**/*.faults.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
