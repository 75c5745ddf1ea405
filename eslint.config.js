// One linter for the whole tree; formatting is prettier's job.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/*
 * Import boundaries between the processes (docs/decisions/009-process-boundaries.md).
 * Every import of our own code is relative, so a specifier that climbs out (`../`…) and then
 * names a top-level folder says where it lands.
 *
 *   client/  runs in the browser too: no server/ or worker/ code. A `*.server.ts` file runs on
 *            the server only (Vike keeps it out of the browser bundle) and may use server/core/.
 *   client/script-layer/  every page's only script before any interaction: plain DOM code, no
 *            React and nothing that brings it (the islands load on intent, by dynamic import;
 *            docs/decisions/010-islands.md).
 *   shared/  is imported by the browser and by every process: it imports none of them.
 *   server/core/  what every process uses (config, logger, database, queue contract, shutdown):
 *            it imports only server/core/ and shared/.
 *   server/  the web tier and site-admin: never worker/ (another process).
 *   worker/  only server/core/ from server/; the web tier and site-admin are another process.
 *   scripts/, tests/, e2e/ may import anything.
 */
const climbsTo = (folders) => `^(\\.\\./)+(${folders})(/|$)`
const RESTRICTED = {
  serverOrWorker: {
    regex: climbsTo('server|worker'),
    message:
      'client/ code can reach the browser: it may not import server/ or worker/. Server-only code belongs in a *.server.ts file, which may import server/core/.',
  },
  serverBeyondCore: {
    regex: '^(\\.\\./)+server/(?!core/)',
    message:
      'Only server/core/ (config, logger, database, queue contract, shutdown) is shared between processes; the web tier (http, leads, app, main) and site-admin are not.',
  },
  worker: {
    regex: climbsTo('worker'),
    message: 'worker/ is another process: move what both need into server/core/.',
  },
  anyProcess: {
    regex: climbsTo('client|server|worker'),
    message: 'shared/ is imported by the browser and by every process, so it imports none of them.',
  },
  beyondCore: {
    regex: climbsTo('client|http|leads|admin|app|main'),
    message:
      'server/core/ is what every process uses: it imports only server/core/ and shared/, never the web tier, site-admin or the pages.',
  },
}
const SCRIPT_LAYER_REACT_FREE = {
  regex:
    '^(react|react-dom|react-hook-form|react-toastify|@hookform/.*|vike-react)(/|$)|^(\\.\\./)+(components|pages|hooks)(/|$)|^\\.\\./islands/(?!toasts$|islands$)',
  message:
    "client/script-layer/ is every page's only script before any interaction: it may not bring React (or the components and islands that use it) statically. Load an island with import() (docs/decisions/010-islands.md).",
  allowTypeImports: true,
}
const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => RESTRICTED[p] ?? p) }],
})

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', '.lighthouse/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A function longer than a screenful or two is several steps: name them.
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  // Later blocks replace the restrictions of earlier ones for the files they match.
  {
    files: ['client/**'],
    rules: { ...restrictImports('serverOrWorker'), 'max-lines': ['error', { max: 200 }] },
  },
  { files: ['client/**/*.server.ts'], rules: restrictImports('worker', 'serverBeyondCore') },
  {
    files: ['client/script-layer/**'],
    rules: {
      ...restrictImports('serverOrWorker', SCRIPT_LAYER_REACT_FREE),
      'max-lines': ['error', { max: 200 }],
    },
  },
  { files: ['shared/**'], rules: restrictImports('anyProcess') },
  { files: ['server/**'], rules: restrictImports('worker') },
  { files: ['server/core/**'], rules: restrictImports('worker', 'beyondCore') },
  { files: ['worker/**'], rules: restrictImports('serverBeyondCore') },
)
