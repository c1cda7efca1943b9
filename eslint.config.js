// One flat config for the whole repository; the boundary rules of docs/ARCHITECTURE.md live here.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// web never imports server; every web block repeats it (a later no-restricted-imports replaces an earlier one)
const webImports = (...patterns) => [
  'error',
  { patterns: [{ group: ['@aforo/server', '@aforo/server/*', '**/server/src/**'], message: 'web never imports server' }, ...patterns] },
];
/** Features import each other only through their index.ts: `../<feature>`, never `../<feature>/api`. */
const featureMessage = "Import another feature through its index.ts ('../<feature>'), not its files";
// a file `depth` folders inside its feature climbs out with `depth` times '../' and lands in features/
const deepFeaturePath = (depth, slash = '/') =>
  (depth > 0 ? `^(\\.\\.${slash}){${depth}}[^.${slash}][^${slash}]*${slash}|` : '') + `(^|${slash})features${slash}[^${slash}]+${slash}`;
const featureBoundary = (depth) => ({
  'no-restricted-imports': webImports({ regex: deepFeaturePath(depth), message: featureMessage }),
  // lazy routes use import(): esquery regexes cannot hold '/', hence \x2F
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${deepFeaturePath(depth, '\\x2F')}/]`, message: featureMessage }],
});

const dbClientOnly = { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/db/client'], allowTypeImports: true, message: 'Only *.repository.ts and db/ import the database client' };
const dbClientExempt = ['server/src/db/**', 'server/src/demo/**', 'server/src/**/*.repository.ts', 'server/src/test/**', 'server/src/**/*.test.ts', 'server/src/faults/**', 'server/src/main.ts', 'server/src/scripts/**', 'server/src/bench/**'];
// main.ts composes the app; tests, scripts and benchmarks start it
const httpOnly = { group: ['**/http', '**/http/*'], message: 'Only http/ and *.routes.ts import http/ (context and errors live in core/)' };
const httpExempt = ['server/src/http/**', 'server/src/app.ts', 'server/src/**/*.routes.ts', 'server/src/main.ts', 'server/src/test/**', 'server/src/**/*.test.ts', 'server/src/scripts/**', 'server/src/bench/**'];

// engines and infrastructure sit below modules/ (the HTTP surface): modules call down, never the reverse;
// http/ is transport only and the composition root (server/src/app.ts) wires modules to it
const belowModules = ['core', 'db', 'lib', 'events', 'config', 'auth', 'ingestion', 'alerting', 'notifying', 'streaming', 'reporting', 'jobs', 'mail', 'http', 'observability'].map((d) => `server/src/${d}/**/*.ts`);
const modulesMessage = 'Engines, infrastructure and http/ never import modules/ (docs/ARCHITECTURE.md)';
const noModuleImports = ['error',
  { selector: 'ImportDeclaration[source.value=/(^|\\x2F)modules(\\x2F|$)/]', message: modulesMessage },
  { selector: 'ExportNamedDeclaration[source.value=/(^|\\x2F)modules(\\x2F|$)/], ExportAllDeclaration[source.value=/(^|\\x2F)modules(\\x2F|$)/]', message: modulesMessage },
  { selector: 'ImportExpression[source.value=/(^|\\x2F)modules(\\x2F|$)/]', message: modulesMessage },
];

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
    // type-aware: a promise nobody awaits or handles is a bug (lost errors, work after the reply)
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', 'contracts/*.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
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
      'no-restricted-imports': webImports(),
    },
  },
  // web/src/features/<feature>/…, web/src/app/…: see featureBoundary
  { files: ['web/src/features/*/*.{ts,tsx}'], rules: featureBoundary(1) },
  { files: ['web/src/features/*/*/*.{ts,tsx}'], rules: featureBoundary(2) },
  { files: ['web/src/features/*/*/*/**/*.{ts,tsx}'], rules: featureBoundary(3) },
  { files: ['web/src/app/**/*.{ts,tsx}'], rules: featureBoundary(0) },
  {
    files: ['web/src/ui/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webImports({ regex: '(^|/)features(/|$)', message: 'ui/ and lib/ never import features' }),
      'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/(^|\\x2F)features(\\x2F|$)/]', message: 'ui/ and lib/ never import features' }],
    },
  },
  {
    // only repositories and db/ talk to the database (and the demo seed, which writes its world directly)
    files: ['server/src/**/*.ts'],
    ignores: dbClientExempt,
    rules: { 'no-restricted-imports': ['error', { patterns: [dbClientOnly] }] },
  },
  {
    // http/ is the Fastify glue: only it and the route files import it (core/ holds context and errors)
    files: ['server/src/db/**/*.ts', 'server/src/demo/**/*.ts', 'server/src/**/*.repository.ts'],
    ignores: httpExempt,
    rules: { 'no-restricted-imports': ['error', { patterns: [httpOnly] }] },
  },
  {
    // both rules where both apply (a later no-restricted-imports replaces an earlier one)
    files: ['server/src/**/*.ts'],
    ignores: [...dbClientExempt, ...httpExempt],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbClientOnly, httpOnly] }] },
  },
  {
    files: belowModules,
    rules: { 'no-restricted-syntax': noModuleImports },
  },
  {
    // a file past 400 lines does several things: split it by what each part does (tests included)
    files: ['{contracts/src,server/src,web/src,e2e}/**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
