/**
 * React DOM, loaded by the script layer as the first of the islands' two steps
 * (client/script-layer/islands.ts). Through this module rather than `import('react-dom/client')`
 * there: React DOM is a CommonJS package, and a dynamic import of one makes the bundler put its
 * interop helper into a chunk that every page then loads before any interaction. Here the helper
 * is needed only by the islands' own chunks.
 */
import 'react-dom/client'
