import { defineConfig } from 'vitest/config';

// Server tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
