import { splitProps, type JSX } from 'solid-js'
import { ScreenHeader, type ScreenHeaderProps } from './ScreenHeader'

export interface ScreenProps extends Omit<ScreenHeaderProps, 'children'> {
  /** Classes besides `page`: `page-narrow`, the feature's own (`pages-screen`). */
  class?: string
  /** More in the header under the lead (ScreenHeader's children): a choice that sets up the whole screen. */
  header?: JSX.Element
  /** The screen's body, under its header. */
  children: JSX.Element
}

/**
 * A screen: its page, named by its header's h1 (`aria-labelledby`), then its body. Every screen with the
 * kit's header is one, so none is left unnamed or named by another's title.
 */
export function Screen(props: ScreenProps) {
  const [own, header] = splitProps(props, ['class', 'header', 'children'])
  return (
    <section class={own.class ? `page ${own.class}` : 'page'} aria-labelledby={header.titleId}>
      <ScreenHeader {...header}>{own.header}</ScreenHeader>
      {own.children}
    </section>
  )
}
