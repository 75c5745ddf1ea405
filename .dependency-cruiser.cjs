/**
 * dependency-cruiser (`npm run lint`): fails on a circle of imports in the product's code
 * (docs/decisions/022-features-in-one-direction.md). The features of core/ import each other
 * in one direction only, and so does every file: a circle is how a face gets read while it is
 * still loading (a constant that is `undefined`), and how two features grow into one.
 * https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports: one of these files imports another that, directly or through others, imports it back. Features import each other in one direction only (docs/decisions/022-features-in-one-direction.md): what two features both need belongs in the lower one (or core/platform/), and what a lower one needs of a higher one is handed to it by the process that starts both.',
      from: {},
      // A module loaded with import() when first needed (an island, client/islands/toasts.ts's
      // ToastArea) closes no circle while the modules load.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    // The product's code only: tests and scripts import anything, and nothing imports them.
    includeOnly: '^(core|server|worker|admin|shared|client|bin)/',
    exclude: { path: '(^|/)node_modules/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    // `import type` counts too: a circle of types is one edit away from a circle of values.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'] },
    cache: false,
  },
}
