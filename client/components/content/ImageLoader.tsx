/**
 * A picture that copes with failing to load: idle → loading → loaded | error. The server
 * renders it loading; client/script-layer/image-loader.ts follows the <img>: on a load failure
 * it checks the image with a HEAD request; if that fails too and `fallback` is on, it shows a
 * placeholder carrying the alt text and counts as loaded; otherwise it shows 'Failed to load
 * image' with a Retry button (at most 3 retries).
 */
export interface ImageLoaderProps {
  src: string
  alt: string
  width: number
  height: number
  /** On: a missing picture shows a placeholder with its alt text instead of an error. */
  fallback?: boolean
}

export function ImageLoader({ src, alt, width, height, fallback = true }: ImageLoaderProps) {
  return (
    <div className="image-loader" data-state="loading" data-fallback={fallback ? 'on' : 'off'}>
      <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
      <span className="image-loading" aria-hidden="true">
        Loading...
      </span>
    </div>
  )
}
