/**
 * A spam reason as the office reads it, with the points it gave, in the digest, on the office's
 * confirmation pages and in site-admin alike: 'reads like a sales pitch: +3'. The points show
 * how close a lead came to the threshold and what weighed most.
 */
export function spamReasonInWords(reason: { text: string; points: number }): string {
  return `${reason.text}: +${reason.points}`
}
