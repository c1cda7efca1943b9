// One flat config for the whole repository; the boundary rules of docs/ARCHITECTURE.md live here.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'server/drizzle/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // contracts import zod only (web → contracts ← server)
    files: ['contracts/src/**/*.ts'],
    ignores: ['contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'contracts/ imports zod only' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['@aforo/server', '@aforo/server/*', '**/server/src/**'], message: 'web never imports server' }] }],
    },
  },
  {
    // only repositories and db/ talk to the database (and the demo seed, which writes its world directly)
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', 'server/src/demo/**', 'server/src/**/*.repository.ts', 'server/src/test/**', 'server/src/**/*.test.ts', 'server/src/main.ts', 'server/src/scripts/**', 'server/src/bench/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/db/client'], allowTypeImports: true, message: 'Only *.repository.ts and db/ import the database client' }] }],
    },
  },
);
