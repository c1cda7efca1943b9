import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // CI runs these beside the server's database tests on two cores; typing into a
    // Mantine form with userEvent then took over the 5 s default once (CompanyFormModal).
    testTimeout: 20_000,
  },
});
