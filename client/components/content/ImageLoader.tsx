/**
 * Image loader: idle → loading → loaded | error.
 * On a load failure it checks the image with a HEAD request; if that fails too and
 * `fallback` is on, it shows a placeholder carrying the alt text and counts as loaded;
 * otherwise it shows 'Failed to load image' with a Retry button (at most 3 retries).
 */
import { useCallback, useEffect, useRef, useState } from 'react'

const IMAGE_MAX_RETRIES = 3

export type ImageLoadState = 'idle' | 'loading' | 'loaded' | 'error'

export interface ImageLoaderProps {
  src: string
  alt: string
  width: number
  height: number
  /** On: a missing picture shows a placeholder with its alt text instead of an error. */
  fallback?: boolean
}

async function headOk(src: string): Promise<boolean> {
  try {
    const res = await fetch(src, { method: 'HEAD', cache: 'no-store' })
    return res.ok
  } catch {
    return false
  }
}

export function ImageLoader({ src, alt, width, height, fallback = true }: ImageLoaderProps) {
  const [state, setState] = useState<ImageLoadState>('loading')
  const [placeholder, setPlaceholder] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const imgRef = useRef<HTMLImageElement>(null)

  const onLoad = useCallback(() => setState('loaded'), [])
  const onError = useCallback(async () => {
    // The image may exist but have failed in transit: a HEAD request tells the two apart.
    if (await headOk(src)) {
      setState('error')
      return
    }
    if (fallback) {
      setPlaceholder(true)
      setState('loaded')
    } else {
      setState('error')
    }
  }, [src, fallback])

  // An image that failed or finished before hydration fires no event React can see.
  useEffect(() => {
    const img = imgRef.current
    if (!img || !img.complete) return
    if (img.naturalWidth > 0) setState('loaded')
    else void onError()
  }, [onError, attempt])

  const doRetry = () => {
    setPlaceholder(false)
    setState('loading')
    setAttempt((a) => a + 1)
  }

  const retriesLeft = IMAGE_MAX_RETRIES - attempt
  const source = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`

  return (
    <div className="image-loader" data-state={state}>
      {placeholder ? (
        <div className="image-placeholder" role="img" aria-label={alt}>
          <span>{alt}</span>
        </div>
      ) : state === 'error' ? (
        <div className="image-error" role="alert">
          <p>Failed to load image</p>
          {retriesLeft > 0 ? (
            <button type="button" className="btn btn-sm btn-outline" onClick={doRetry}>
              Retry
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <img
            key={attempt}
            ref={imgRef}
            src={source}
            alt={alt}
            width={width}
            height={height}
            loading="lazy"
            decoding="async"
            onLoad={onLoad}
            onError={() => void onError()}
          />
          {state === 'loading' ? (
            <span className="image-loading" aria-hidden="true">
              Loading...
            </span>
          ) : null}
        </>
      )}
    </div>
  )
}
