import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project has its own environment.
// VITEST_JSON (set by .ci/run) adds a JSON report that CI sums into its last line.
const json = process.env.VITEST_JSON;
export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web'],
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
