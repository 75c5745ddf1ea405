import type { BuildOptions } from 'esbuild'

/** esbuild's options for every program in `bin` (default bin/) into `outdir` (default dist/node). */
export function serverBuildOptions(opts?: { bin?: string; outdir?: string }): BuildOptions & {
  entryPoints: Record<string, string>
  outdir: string
}
