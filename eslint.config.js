// One linter for the whole tree; formatting is prettier's job.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/*
 * Import boundaries between the three processes and what they share
 * (docs/decisions/011-layout-and-names.md). Every import of our own code is relative, so a
 * specifier that climbs out (`../`…) and then names a top-level folder says where it lands.
 *
 *   shared/  is imported by the browser and by every process: it imports none of them.
 *   core/    what the Node processes use, in two kinds (docs/decisions/019-platform-and-features.md):
 *            it imports only core/ and shared/.
 *     core/platform/  the database, configuration, mail, logger, shutdown, scheduling, business
 *            clock, queue contract: it imports no feature.
 *     core/<feature>/  every other folder of core/ is a feature (leads, spam, storms, notifications,
 *            storm-response, weekly-report, bookings, and any added later, read from the tree), each
 *            with its SQL, settings and e-mails; a feature imports another only through that one's
 *            index.ts (its face), as the processes do (core/storms/pdf/ has a face of its own: the
 *            PDF renderer, which only the worker's thread and site-admin load). Features import
 *            each other in one direction only: `npm run lint` fails on a circle
 *            (.dependency-cruiser.cjs; docs/decisions/022-features-in-one-direction.md).
 *   server/  the web process: core/ and shared/, never another process's code.
 *   worker/  the worker process: core/ and shared/ only.
 *   admin/   site-admin: core/ and shared/ only.
 *   client/  runs in the browser too: shared/ only. A `*.server.ts` file runs on the server only
 *            (Vike keeps it out of the browser bundle) and may use core/.
 *   client/script-layer/  every page's only script before any interaction: plain DOM code, no
 *            React and nothing that brings it (the islands load on intent, by dynamic import;
 *            docs/decisions/010-islands.md).
 *   bin/     one file per program; each starts its own process's code, so it may import them.
 *   scripts/, tests/, e2e/ may import anything.
 */
const climbsTo = (folders) => `^(\\.\\./)+(${folders})(/|$)`
const PROCESS_MESSAGE =
  'is another process: what two processes both need belongs in core/ (Node code) or shared/ (browser too).'
const RESTRICTED = {
  fromClient: {
    regex: climbsTo('core|server|worker|admin|bin'),
    message:
      'client/ code can reach the browser: it may import shared/ only. Server-only code belongs in a *.server.ts file, which may import core/.',
  },
  fromClientServerFile: {
    regex: climbsTo('server|worker|admin|bin'),
    message: 'A *.server.ts page file runs inside the web process: it may use core/ and shared/ only.',
  },
  fromShared: {
    regex: climbsTo('client|core|server|worker|admin|bin'),
    message: 'shared/ is imported by the browser and by every process, so it imports none of them.',
  },
  fromCore: {
    regex: climbsTo('client|server|worker|admin|bin'),
    message:
      'core/ is what every process uses: it imports only core/ and shared/, never a process or the pages.',
  },
  fromServer: {
    regex: climbsTo('client|worker|admin|bin'),
    message: `The web process (server/) may not import that: it ${PROCESS_MESSAGE}`,
  },
  fromWorker: {
    regex: climbsTo('client|server|admin|bin'),
    message: `The worker may not import that: it ${PROCESS_MESSAGE}`,
  },
  fromAdmin: {
    regex: climbsTo('client|server|worker|bin'),
    message: `site-admin may not import that: it ${PROCESS_MESSAGE}`,
  },
}
/** Every folder of core/ but the platform is a feature: a new one is checked without an edit here. */
const FEATURE_DIRS = readdirSync(new URL('./core/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name)
  .sort()
const FEATURES = FEATURE_DIRS.join('|')
/** A feature's own files, past its face (core/storms/pdf, a face of its own, aside). */
const pastAFace = (climb) => `^${climb}(${FEATURES})/(?!index$)(?!pdf$)|^${climb}storms/pdf/`
const FACE_MESSAGE =
  "is inside a feature: import the feature's face (core/<feature>/index.ts) instead, which says what it offers."
RESTRICTED.fromPlatform = {
  regex: `^(\\.\\./)+(${FEATURES})(/|$)`,
  message: 'core/platform/ is what every feature builds on: it imports no feature.',
}
RESTRICTED.intoAFeature = { regex: pastAFace('(\\.\\./)+'), message: `That ${FACE_MESSAGE}` }
RESTRICTED.intoAFeatureFromAProcess = { regex: pastAFace('(\\.\\./)+core/'), message: `That ${FACE_MESSAGE}` }
const SCRIPT_LAYER_REACT_FREE = {
  regex:
    '^(react|react-dom|react-hook-form|react-toastify|@hookform/.*|vike-react)(/|$)|^(\\.\\./)+(components|pages|hooks)(/|$)|^\\.\\./islands/(?!toasts$|islands$)',
  message:
    "client/script-layer/ is every page's only script before any interaction: it may not bring React (or the components and islands that use it) statically. Load an island with import() (docs/decisions/010-islands.md).",
  allowTypeImports: true,
}
const restrictImports = (...names) => ({
  'no-restricted-imports': ['error', { patterns: names.map((n) => RESTRICTED[n] ?? n) }],
})

export default tseslint.config(
  // data/ holds what the site writes at run time (the database, backups, the asset archive of earlier
  // builds' scripts): never source.
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.lighthouse/',
      'data/',
    ],
  },
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
    rules: { ...restrictImports('fromClient'), 'max-lines': ['error', { max: 200 }] },
  },
  { files: ['client/**/*.server.ts'], rules: restrictImports('fromClientServerFile') },
  {
    files: ['client/script-layer/**'],
    rules: {
      ...restrictImports('fromClient', SCRIPT_LAYER_REACT_FREE),
      'max-lines': ['error', { max: 200 }],
    },
  },
  { files: ['shared/**'], rules: restrictImports('fromShared') },
  { files: ['core/**'], rules: restrictImports('fromCore') },
  { files: ['core/platform/**'], rules: restrictImports('fromCore', 'fromPlatform') },
  {
    files: [`core/{${FEATURE_DIRS.join(',')}}/**`],
    rules: restrictImports('fromCore', 'intoAFeature'),
  },
  { files: ['server/**'], rules: restrictImports('fromServer', 'intoAFeatureFromAProcess') },
  { files: ['worker/**'], rules: restrictImports('fromWorker', 'intoAFeatureFromAProcess') },
  { files: ['admin/**'], rules: restrictImports('fromAdmin', 'intoAFeatureFromAProcess') },
)
