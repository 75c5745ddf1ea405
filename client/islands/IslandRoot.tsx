/**
 * The root of every island, on the server and in the browser alike (so both render the same
 * tree): it tells the loader, once, that the island's handlers are attached.
 */
import { useEffect } from 'react'

export function IslandRoot({ onReady, children }: { onReady?: () => void; children: React.ReactNode }) {
  useEffect(() => onReady?.(), [onReady])
  return children
}
