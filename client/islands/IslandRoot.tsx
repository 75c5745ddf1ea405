/**
 * The root of every island, on the server and in the browser alike (so both render the same
 * tree): it tells the loader, once, that the island's handlers are attached. A task later than
 * its effects, so that whatever they set in motion (react-hook-form readying its fields) has
 * settled before a held submission is replayed.
 */
import { useEffect } from 'react'

export function IslandRoot({ onReady, children }: { onReady?: () => void; children: React.ReactNode }) {
  useEffect(() => {
    if (!onReady) return
    const timer = setTimeout(onReady, 0)
    return () => clearTimeout(timer)
  }, [onReady])
  return children
}
