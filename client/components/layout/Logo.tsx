/** The company mark: a roof line over a shield. Inline SVG, no request. */
export function Logo() {
  return (
    <svg width="36" height="36" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#0b2545" />
      <path
        d="M8 26 24 12l16 14"
        fill="none"
        stroke="#f97316"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M14 24v12h20V24" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M21 36v-7h6v7" fill="#fff" />
    </svg>
  )
}
