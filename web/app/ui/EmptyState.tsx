import type { JSX } from 'solid-js'

export interface EmptyStateProps {
  /** Says what is missing: "No collections yet". */
  title: string
  /** What the missing things are for, and how to make one. */
  text: JSX.Element
  /** A drawing above the title, hidden from assistive technology by the feature that draws it. */
  illustration?: JSX.Element
  /** The button that makes the first one. */
  action?: JSX.Element
}

/** A list with nothing in it yet: says so, what it is for, and offers to start (styles/panels.css). */
export function EmptyState(props: EmptyStateProps) {
  return (
    <div class="empty-state">
      {props.illustration}
      <h2 class="empty-title">{props.title}</h2>
      <p class="empty-text">{props.text}</p>
      {props.action}
    </div>
  )
}
