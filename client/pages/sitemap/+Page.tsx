/**
 * /sitemap: every indexable page in five groups (docs/routes.md), generated from the route
 * table so it can never drift from the real routes (/schedule-inspection is not indexable).
 */
import { ALL_ROUTES, SITEMAP_GROUPS } from '../../../shared/routes'
import { PageIntro } from '../../components/legal/PageIntro'

const GROUPS = SITEMAP_GROUPS.map((group) => ({
  group,
  routes: ALL_ROUTES.filter((r) => r.indexable && r.sitemapGroup === group),
}))

const slug = (group: string) => `sitemap-${group.toLowerCase().replace(/\s+/g, '-')}`

export default function Page() {
  return (
    <>
      <PageIntro title="Sitemap">
        <p className="page-intro-text">Every page of our website in one place.</p>
      </PageIntro>
      <div className="section">
        <div className="container sitemap-groups">
          {GROUPS.map(({ group, routes }) => (
            <section key={group} className="card sitemap-group" aria-labelledby={slug(group)}>
              <h2 id={slug(group)}>{group}</h2>
              <ul>
                {routes.map((r) => (
                  <li key={r.path}>
                    <a href={r.path}>
                      {r.path.startsWith('/service-areas/') ? `Roof Repair ${r.label}` : r.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  )
}
