/**
 * The image loader (client/components/content/ImageLoader.tsx): idle → loading → loaded | error.
 * On a load failure it checks the image with a HEAD request; if that fails too and the
 * loader's fallback is on, it shows a placeholder carrying the alt text and counts as loaded;
 * otherwise it shows 'Failed to load image' with a Retry button, at most 3 retries.
 */
const IMAGE_MAX_RETRIES = 3

async function headOk(src: string): Promise<boolean> {
  try {
    return (await fetch(src, { method: 'HEAD', cache: 'no-store' })).ok
  } catch {
    return false
  }
}

function startImageLoader(loader: HTMLElement): void {
  const first = loader.querySelector('img')
  if (!first) return
  const src = first.getAttribute('src') ?? ''
  const alt = first.alt
  const fallback = loader.dataset.fallback === 'on'
  let attempt = 0
  const setState = (state: 'loading' | 'loaded' | 'error') => (loader.dataset.state = state)

  const showPlaceholder = () => {
    const placeholder = document.createElement('div')
    placeholder.className = 'image-placeholder'
    placeholder.setAttribute('role', 'img')
    placeholder.setAttribute('aria-label', alt)
    placeholder.append(Object.assign(document.createElement('span'), { textContent: alt }))
    loader.replaceChildren(placeholder)
    setState('loaded')
  }
  const showError = () => {
    const box = document.createElement('div')
    box.className = 'image-error'
    box.setAttribute('role', 'alert')
    box.append(Object.assign(document.createElement('p'), { textContent: 'Failed to load image' }))
    if (attempt < IMAGE_MAX_RETRIES) {
      const retry = Object.assign(document.createElement('button'), {
        type: 'button',
        className: 'btn btn-sm btn-outline',
        textContent: 'Retry',
      })
      retry.addEventListener('click', () => load(attempt + 1))
      box.append(retry)
    }
    loader.replaceChildren(box)
    setState('error')
  }
  const onFailure = async () => {
    // The image may exist but have failed in transit: a HEAD request tells the two apart.
    if (await headOk(src)) showError()
    else if (fallback) showPlaceholder()
    else showError()
  }
  const follow = (img: HTMLImageElement) => {
    img.addEventListener('load', () => setState('loaded'))
    img.addEventListener('error', () => void onFailure())
    // Finished (or failed) before this script ran: no event is coming.
    if (img.complete) {
      if (img.naturalWidth > 0) setState('loaded')
      else void onFailure()
    }
  }
  const load = (n: number) => {
    attempt = n
    const img = first.cloneNode() as HTMLImageElement
    img.src = `${src}${src.includes('?') ? '&' : '?'}retry=${n}`
    const label = Object.assign(document.createElement('span'), {
      className: 'image-loading',
      textContent: 'Loading...',
    })
    label.setAttribute('aria-hidden', 'true')
    loader.replaceChildren(img, label)
    setState('loading')
    follow(img)
  }
  follow(first)
}

export function startImageLoaders(): void {
  for (const loader of document.querySelectorAll<HTMLElement>('.image-loader')) startImageLoader(loader)
}
