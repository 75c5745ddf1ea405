/** A TCP port nothing listens on right now on `host` (127.0.0.1 unless said). */
export function freePort(host?: string): Promise<number>
