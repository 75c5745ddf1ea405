/**
 * Content icons for service, benefit and feature cards (issue 5). Kept apart from
 * icons.tsx so several engineers can add icons without touching the same file.
 */
import type { SVGProps } from 'react'
import type { ContentIconName } from '../../../shared/content/services'

type IconProps = SVGProps<SVGSVGElement>

function Svg({ children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  )
}

const PATHS: Record<ContentIconName, React.ReactNode> = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </>
  ),
  wrench: <path d="M14.7 6.3a4 4 0 0 0 5 5L22 13.6 13.6 22l-2.3-2.3a4 4 0 0 0-5-5L2 10.4 10.4 2z" />,
  home: (
    <>
      <path d="m3 10 9-7 9 7" />
      <path d="M5 9v11h14V9" />
      <path d="M10 20v-6h4v6" />
    </>
  ),
  sun: (
    <>
      <rect x="3" y="11" width="18" height="9" rx="1" />
      <path d="M3 15.5h18M9 11v9M15 11v9" />
      <path d="M12 2v2M6.3 4.3l1.4 1.4M17.7 4.3l-1.4 1.4M8.5 8a3.5 3.5 0 0 1 7 0" />
    </>
  ),
  shield: (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  hail: (
    <>
      <path d="M17.5 14H18a4 4 0 0 0 0-8 6 6 0 0 0-11.6 1.5A3.5 3.5 0 0 0 6.5 14H7" />
      <circle cx="8" cy="18" r="1.2" />
      <circle cx="12" cy="20" r="1.2" />
      <circle cx="16" cy="18" r="1.2" />
      <circle cx="12" cy="15.5" r="1.2" />
    </>
  ),
  wind: <path d="M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h7" />,
  flashing: (
    <>
      <path d="M3 20 12 6l9 14" />
      <path d="M10 4h4v6" />
      <path d="m7 14 3 2 4-3 3 2" />
    </>
  ),
  clipboard: (
    <>
      <rect x="5" y="4" width="14" height="18" rx="2" />
      <path d="M9 2h6v4H9zM9 12l2 2 4-4M9 18h6" />
    </>
  ),
  handshake: (
    <>
      <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2" />
      <path d="m14 14 2.5 2.5a1.4 1.4 0 0 0 2-2L15 11" />
      <path d="m2 11 4-4 4 1.5 3-1.5 4 0 5 4" />
      <path d="m6 12 5 5M2 11l4 4 2-2" />
    </>
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.5 14 7 22l5-3 5 3-1.5-8" />
    </>
  ),
  message: (
    <>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      <path d="M8 9h8M8 13h5" />
    </>
  ),
  dollar: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M15 9a3 2.5 0 0 0-3-2c-1.7 0-3 1-3 2.3S10.3 11.5 12 12s3 1.2 3 2.5-1.3 2.5-3 2.5a3 2.5 0 0 1-3-2M12 5.5V7M12 17v1.5" />
    </>
  ),
  broom: (
    <>
      <path d="m19 3-7.5 7.5" />
      <path d="M11.5 10.5 8 9l-5 5c2 1 4 3 5 5l5-5-1.5-3.5z" />
      <path d="m5.5 16.5 2 2" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18M8 15h2M14 15h2" />
    </>
  ),
  heart: (
    <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z" />
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </>
  ),
  bolt: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  warehouse: (
    <>
      <path d="M3 21V8l9-5 9 5v13" />
      <path d="M7 21v-9h10v9M7 15h10M7 18h10" />
    </>
  ),
  file: (
    <>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6M8 13h8M8 17h6" />
    </>
  ),
}

/** The icon for a content card, by name (shared/content/services.ts). */
export function ContentIcon({ name, ...rest }: IconProps & { name: ContentIconName }) {
  return <Svg {...rest}>{PATHS[name]}</Svg>
}

export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Svg>
)
