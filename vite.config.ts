import { defineConfig } from 'vite'
import vike from 'vike/plugin'

export default defineConfig({
  plugins: [vike()],
  publicDir: 'client/public',
  build: {
    // Hashed assets are served with a one-year immutable cache (server/app.ts).
    assetsInlineLimit: 2048,
  },
})
