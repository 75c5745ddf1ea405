/** Inline SVG icons: no icon font, no external host. Decorative unless given a title. */
import type { SVGProps } from 'react'
import type { IconName } from '../../../shared/content/types'
import { ICON_PATHS } from './icon-paths'

type IconProps = SVGProps<SVGSVGElement> & { title?: string }

/** The one <svg> every icon is drawn in: a 24-unit grid, stroked in the current colour, 20 px unless sized. */
function Icon({ title, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  )
}

/** An icon by name, as content records give it (shared/content/); content cards draw them at 24 px. */
export function ContentIcon({ name, ...rest }: IconProps & { name: IconName }) {
  return (
    <Icon width="24" height="24" {...rest}>
      {ICON_PATHS[name]}
    </Icon>
  )
}

export const PhoneIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.phone}</Icon>
export const MailIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.mail}</Icon>
export const MapPinIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS['map-pin']}</Icon>
export const ClockIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.clock}</Icon>
export const ChevronDownIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS['chevron-down']}</Icon>
export const MenuIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.menu}</Icon>
export const CloseIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.close}</Icon>
export const CheckIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.check}</Icon>
export const ArrowRightIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS['arrow-right']}</Icon>
export const StarIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    {ICON_PATHS.star}
  </Icon>
)
export const FacebookIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    {ICON_PATHS.facebook}
  </Icon>
)
export const InstagramIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.instagram}</Icon>
export const GoogleIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.google}</Icon>
export const YouTubeIcon = (p: IconProps) => <Icon {...p}>{ICON_PATHS.youtube}</Icon>
export const PlayIcon = (p: IconProps) => (
  <Icon fill="currentColor" stroke="none" {...p}>
    {ICON_PATHS.play}
  </Icon>
)
export const AlertIcon = (p: IconProps) => <ContentIcon {...p} name="alert" />
