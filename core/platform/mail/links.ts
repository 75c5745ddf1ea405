/** Links the office's e-mails put on what a homeowner wrote. */

/**
 * A maps search for the address: on a phone it opens the maps app with directions one tap
 * away, on a desktop the map in the browser. The office drives to these homes.
 */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}
