import { Link } from '@tanstack/solid-router'
import { usePageTitle } from '../usePageTitle'

/** A collection URL whose collection does not exist (deleted, or on another device and not synced here). */
export function CollectionNotFound() {
  usePageTitle('Collection not found')
  return (
    <section class="page page-narrow" aria-labelledby="collection-missing-title">
      <h1 id="collection-missing-title" class="page-title">
        Collection not found
      </h1>
      <p class="page-lead">
        There is no such collection in this browser. It may have been deleted, or the link is mistyped.
      </p>
      <p>
        <Link to="/collections" class="button button-primary">
          Go to the start page
        </Link>
      </p>
    </section>
  )
}
