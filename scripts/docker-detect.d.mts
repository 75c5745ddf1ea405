export function findCompose(): string[] | null
export interface DockerApi {
  where: string
  env: { DOCKER_HOST: string }
  get: ((path: string) => Promise<any>) | null
  delete?: (path: string) => Promise<any>
}
export function dockerApi(): Promise<DockerApi | null>
