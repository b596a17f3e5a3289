import { children, Show, type JSX } from 'solid-js'

export interface ScreenHeaderProps {
  /** The h1's id: the screen's `<section aria-labelledby>` points at it. */
  titleId: string
  title: JSX.Element
  /** The line under the title (`page-lead`). */
  lead?: JSX.Element
  /** What stands at the header's end: the screen's main button, a check for updates. */
  actions?: JSX.Element
  /** More under the lead, in the title's block: a choice that sets up the whole screen. */
  children?: JSX.Element
  /** Where a screen moves focus to its title (after a delete, say): the h1 then takes tabindex -1. */
  titleRef?: (element: HTMLHeadingElement) => void
}

/** A screen's header: its one h1 and lead on the left, its main actions on the right (styles/page.css). */
export function ScreenHeader(props: ScreenHeaderProps) {
  // Resolved once: reading `props.lead` twice (to test it, then to show it) would build it twice.
  const lead = children(() => props.lead)
  return (
    <header class="page-header">
      <div>
        <h1
          ref={(element) => props.titleRef?.(element)}
          id={props.titleId}
          class="page-title"
          tabindex={props.titleRef ? '-1' : undefined}
        >
          {props.title}
        </h1>
        <Show when={lead()}>
          <p class="page-lead">{lead()}</p>
        </Show>
        {props.children}
      </div>
      {props.actions}
    </header>
  )
}
