/**
 * A light click-to-play video facade: the page shows our own poster image and a play
 * button; the third-party frame loads only when the visitor asks
 * (client/script-layer/page-parts.ts swaps the button for it), so it costs the page nothing
 * until then (docs/decisions/005-performance-budgets.md).
 */
import { VIDEO_EMBED_ORIGIN } from '../../../shared/media'
import { PlayIcon } from '../ui/icons'

const POSTER = '/uploads/video/explainer-poster.svg'

export function VideoEmbed({ videoId, title }: { videoId: string; title: string }) {
  return (
    <div
      className="video-embed"
      data-video-src={`${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
      data-video-title={title}
    >
      <button type="button" className="video-facade" aria-label={`Play video: ${title}`}>
        <img src={POSTER} alt="" width={1280} height={720} loading="lazy" decoding="async" />
        <span className="video-play" aria-hidden="true">
          <PlayIcon width={32} height={32} />
        </span>
      </button>
    </div>
  )
}
