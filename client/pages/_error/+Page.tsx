// https://vike.dev/error-page – the 404 page and the page shown on a server error.
// The bad path of a 404 is logged to the browser's console by client/script-layer/page-parts.ts
// (docs/routes.md), which finds the page by `data-not-found`.
import { usePageContext } from 'vike-react/usePageContext'

export default function Page() {
  const { is404 } = usePageContext()

  if (is404) {
    return (
      <section className="error-page container" data-not-found="">
        <p className="error-code">404</p>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <a className="btn btn-primary" href="/">
          Return to Home
        </a>
      </section>
    )
  }
  return (
    <section className="error-page container">
      <p className="error-code">500</p>
      <h1>Something went wrong</h1>
      <p>
        We could not show this page. Please try again in a moment, or call us and we will help right away.
      </p>
      <a className="btn btn-primary" href="/">
        Return to Home
      </a>
    </section>
  )
}
