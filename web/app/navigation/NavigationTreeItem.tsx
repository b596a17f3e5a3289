import { Link } from '@tanstack/solid-router'
import { For, Show } from 'solid-js'
import type { NavEntry } from './navigationModel'

/** A link in the app: a page at /p/<route> or one of Quire's screens. */
function EntryLink(props: { href: string; name: string }) {
  return (
    <Show
      when={props.href.startsWith('/p/')}
      fallback={
        <Link to={props.href as '/settings'} class="nav-tree-link">
          {props.name}
        </Link>
      }
    >
      <Link to="/p/$" params={{ _splat: props.href.slice(3) }} class="nav-tree-link">
        {props.name}
      </Link>
    </Show>
  )
}

/**
 * One route or page of the navigation, with its children (routes, pages, pages under pages) below it; a
 * fold button ("Items under X", `aria-expanded`) where it has any and may fold.
 */
export function NavigationTreeItem(props: { entry: NavEntry; onToggle: (entry: NavEntry) => void }) {
  const showChildren = () => props.entry.children.length > 0 && props.entry.expanded
  return (
    <li class="nav-tree-item" classList={{ 'nav-tree-page': props.entry.kind === 'page' }}>
      <div class="nav-tree-row">
        <Show when={props.entry.collapsible} fallback={<span class="nav-tree-spacer" aria-hidden="true" />}>
          <button
            type="button"
            class="nav-tree-toggle"
            aria-expanded={props.entry.expanded}
            aria-label={`Items under ${props.entry.name}`}
            onClick={() => props.onToggle(props.entry)}
          >
            <span class="nav-tree-chevron" aria-hidden="true" />
          </button>
        </Show>
        <Show when={props.entry.href} fallback={<span class="nav-tree-label">{props.entry.name}</span>}>
          {(href) => <EntryLink href={href()} name={props.entry.name} />}
        </Show>
      </div>
      <Show when={showChildren()}>
        <ul class="nav-tree">
          <For each={props.entry.children}>
            {(child) => <NavigationTreeItem entry={child} onToggle={props.onToggle} />}
          </For>
        </ul>
      </Show>
    </li>
  )
}
