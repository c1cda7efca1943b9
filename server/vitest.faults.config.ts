import { defineConfig } from 'vitest/config';

// `npm run test:faults` (docs/OPERATIONS.md, "Faults"): Aforo as child processes on a PostgreSQL
// cluster and a Mosquitto of the tests' own, which the tests stop, start and kill. Not part of
// `npm run test:unit`: they need the PostgreSQL server tools and mosquitto installed, and CI runs them
// as a step of their own.
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['src/**/*.faults.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
