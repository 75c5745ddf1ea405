export function findCompose(): string[] | null
export interface DockerApi {
  where: string
  env: { DOCKER_HOST: string }
  get: ((path: string) => Promise<unknown>) | null
  delete?: (path: string) => Promise<unknown>
}
export function dockerApi(): Promise<DockerApi | null>
