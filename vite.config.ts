import { defineConfig } from 'vite'
import vike from 'vike/plugin'

/** Every page's only script before any interaction (client/pages/+client.ts: the script layer). */
const SCRIPT_LAYER_ENTRY = /[\\/]client[\\/]pages[\\/]\+client\.ts$/
/** Vite's helper that loads a dynamic import's chunks and styles together (the islands use it). */
const PRELOAD_HELPER = /vite[\\/]preload-helper/

export default defineConfig({
  plugins: [vike()],
  publicDir: 'client/public',
  build: {
    // Hashed assets are served with a one-year immutable cache (server/app.ts).
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The script layer and Vite's preload helper in one file. Left alone, the bundler puts
          // the helper into a chunk of its own (Vike's unused client router entry uses it too),
          // which every page then fetched after its entry: a second request, one after the
          // other, for 0.8 KB (docs/performance.md, "Lighthouse budgets").
          groups: [
            { name: 'script-layer', test: (id) => SCRIPT_LAYER_ENTRY.test(id) || PRELOAD_HELPER.test(id) },
          ],
        },
      },
    },
  },
})
