import { defineConfig } from 'drizzle-kit';

// `drizzle-kit generate` is offline: it diffs src/db/schema against the drizzle/ snapshots.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  migrations: { prefix: 'timestamp' },
});
