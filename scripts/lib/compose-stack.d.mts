import type { DockerApi } from '../docker-detect.mjs'

export interface ComposeRunOptions {
  /** Keep the command's output to the caller (default: print it, indented). */
  quiet?: boolean
  /** Reject when the command (or, under podman-compose, the command in the container) fails (default true). */
  check?: boolean
  /** Written to the command's standard input. */
  input?: Buffer | string
  /** Options of the compose command itself, before the project's. */
  pre?: string[]
}

/** A project's container as the Docker API lists it. */
export interface ListedContainer {
  Id: string
  ImageID: string
  State: string
  Labels?: Record<string, string>
}

export interface ComposeStack {
  /** `roofing-<name>-<pid>`. */
  project: string
  podmanCompose: boolean
  /** Caddy's HTTP and HTTPS ports, published on 127.0.0.1. */
  port: number
  httpsPort: number
  /** `http://127.0.0.1:<port>`: the site's address, SITE_URL. */
  origin: string
  /** The temporary folder with the env file and the copy of docker-compose.yml. */
  tmp: string
  composeFile: string
  run(args: string[], options?: ComposeRunOptions): Promise<{ code: number | null; out: string }>
  build(args: string[], options?: { quiet?: boolean }): Promise<{ code: number | null; out: string }>
  containers(): Promise<ListedContainer[] | null>
  removeNetworks(): Promise<string[]>
  remove(options: { started: boolean }): Promise<void>
}

/** Prepares the throwaway compose stack of the smoke test and the drill (nothing is started yet). */
export function composeStack(options: {
  name: string
  image: string
  env: string[]
  compose: string[]
  api: DockerApi
}): Promise<ComposeStack>
