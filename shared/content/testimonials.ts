/**
 * Customer testimonials (name, location, neighbourhood, project date, rating, text, photo):
 * every rating is 5 and is drawn
 * as stars. Locations are cities from the service areas (shared/service-areas.ts).
 */
import type { Testimonial } from './types'

const avatar = (name: string) =>
  `/uploads/testimonials/${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '')}.svg`

const testimonial = (
  name: string,
  location: string,
  neighborhood: string,
  projectDate: string,
  text: string,
): Testimonial => ({ name, location, neighborhood, projectDate, rating: 5, text, image: avatar(name) })

export const TESTIMONIALS: Testimonial[] = [
  testimonial(
    'Sarah M.',
    'Denver',
    'Washington Park',
    'June 2025',
    'After the June hail storm I had no idea where to start. He came out the next morning, walked me through every photo and met the adjuster on the roof. The new roof went on in a day and all we paid was our deductible.',
  ),
  testimonial(
    'Mike R.',
    'Broomfield',
    'Anthem',
    'May 2025',
    'Two other roofers pushed me to sign on the spot. This was the opposite: an honest inspection, a clear report and no pressure at all. The crew left the yard cleaner than they found it.',
  ),
  testimonial(
    'Jennifer L.',
    'Thornton',
    'Eastlake',
    'July 2025',
    'I was worried the insurance company would deny us. He documented everything, answered every call and the claim was approved the first time. We upgraded to Class 4 shingles and our premium went down.',
  ),
  testimonial(
    'David K.',
    'Aurora',
    'Saddle Rock',
    'June 2025',
    'Clear communication from start to finish. I always knew what was happening next, and the final walkthrough showed me every detail of the work. I recommend him to all my neighbors.',
  ),
  testimonial(
    'Linda P.',
    'Parker',
    'The Pinery',
    'July 2025',
    'We have solar panels and I dreaded the hassle. They handled the detach and reset with the roof replacement and everything was producing again the same week. Professional and kind.',
  ),
  testimonial(
    'Carlos G.',
    'Lafayette',
    'Indian Peaks',
    'June 2025',
    'Fast, honest and easy to reach. He told me straight when a repair was enough and when a replacement made sense. That kind of honesty is rare, and I trust him with my home.',
  ),
]
