import { Link } from '@tanstack/solid-router'
import type { JSX } from 'solid-js'
import { usePageTitle } from '../usePageTitle'

export interface MissingScreenProps {
  /** The h1 and the document's title: "Page not found". */
  title: string
  /** The h1's id, which the screen's section is labelled by. */
  titleId: string
  /** What is missing and why it may be. */
  lead: JSX.Element
}

/**
 * A screen for something that is not there (an unknown URL, a deleted collection): says so and offers the
 * way back to the start page. Rendered inside the app frame, so navigation stays at hand.
 */
export function MissingScreen(props: MissingScreenProps) {
  usePageTitle(() => props.title)
  return (
    <section class="page page-narrow" aria-labelledby={props.titleId}>
      <h1 id={props.titleId} class="page-title">
        {props.title}
      </h1>
      <p class="page-lead">{props.lead}</p>
      <p>
        <Link to="/collections" class="button button-primary">
          Go to the start page
        </Link>
      </p>
    </section>
  )
}
