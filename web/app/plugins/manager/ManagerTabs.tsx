import { Index, type JSX } from 'solid-js'

export interface ManagerTab {
  id: string
  label: string
}

/**
 * A tablist as the ARIA practices describe it: one tab in the Tab order (the selected one), Left/Right,
 * Home and End move between tabs and select them, each panel is labelled by its tab. Panels stay
 * mounted once shown (the marketplace's search survives a look at the installed list).
 */
export function ManagerTabs(props: {
  label: string
  tabs: readonly ManagerTab[]
  selected: string
  onSelect: (id: string) => void
  children: JSX.Element
}) {
  const move = (event: KeyboardEvent, index: number) => {
    const last = props.tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    const tab = props.tabs[next]
    if (!tab) return
    props.onSelect(tab.id)
    document.getElementById(`${tab.id}-tab`)?.focus()
  }

  return (
    <div class="plugin-tabs">
      <div role="tablist" aria-label={props.label} class="plugin-tablist">
        {/* By position: the tabs' labels change (the installed count), their buttons must not. */}
        <Index each={props.tabs}>
          {(tab, index) => (
            <button
              type="button"
              role="tab"
              id={`${tab().id}-tab`}
              class="plugin-tab"
              aria-selected={props.selected === tab().id}
              aria-controls={`${tab().id}-panel`}
              tabindex={props.selected === tab().id ? 0 : -1}
              onClick={() => props.onSelect(tab().id)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab().label}
            </button>
          )}
        </Index>
      </div>
      {props.children}
    </div>
  )
}

/** A tab's panel; hidden, not unmounted, while another tab is selected. */
export function ManagerTabPanel(props: { id: string; selected: string; children: JSX.Element }) {
  return (
    <div
      role="tabpanel"
      id={`${props.id}-panel`}
      aria-labelledby={`${props.id}-tab`}
      class="plugin-tabpanel"
      tabindex="0"
      hidden={props.selected !== props.id}
    >
      {props.children}
    </div>
  )
}
