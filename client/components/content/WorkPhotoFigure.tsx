/** A photo of the work with its caption, in a card-like frame; below the fold, so it loads lazily. */
import type { WorkPhoto } from '../../../shared/content/types'

export function WorkPhotoFigure({ photo }: { photo: WorkPhoto }) {
  return (
    <figure className="work-photo">
      <img src={photo.src} alt={photo.alt} width={640} height={480} loading="lazy" decoding="async" />
      <figcaption>{photo.caption}</figcaption>
    </figure>
  )
}
