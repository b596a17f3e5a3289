import { Link, useLocation } from '@tanstack/solid-router'
import { usePageTitle } from '../usePageTitle'

/** For any URL no route matches; rendered inside the app frame so navigation stays at hand. */
export function NotFound() {
  usePageTitle('Page not found')
  const location = useLocation()
  return (
    <section class="page page-narrow" aria-labelledby="not-found-title">
      <h1 id="not-found-title" class="page-title">
        Page not found
      </h1>
      <p class="page-lead">
        There is nothing at <code>{location().pathname}</code>. It may have moved, or the link is mistyped.
      </p>
      <p>
        <Link to="/collections" class="button button-primary">
          Go to the start page
        </Link>
      </p>
    </section>
  )
}
