import { Show } from 'solid-js'
import { moduleIconKind, moduleInitial, type ModuleIconKind } from './moduleSummary'

// Simple line drawings on a 24-unit grid, stroked in the current colour.
const PATHS: Record<ModuleIconKind, string> = {
  chat: 'M4 5h16v11H9l-5 4z',
  search: 'M10.5 4a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13zM15.5 15.5L20 20',
  library: 'M5 4h4v16H5zM10 4h4v16h-4zM15.5 5l3.5-1l3 15l-3.5 1z',
  chart: 'M4 4v16h16M7 15l4-5l3 3l5-7',
  note: 'M5 4h14v10l-6 6H5zM13 20v-6h6',
  eye: 'M2 12s3.5-7 10-7s10 7 10 7s-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6z',
  theme: 'M12 3a9 9 0 1 0 0 18zM12 3a9 9 0 0 1 0 18',
  puzzle: 'M4 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H4z',
}

/** A module's icon in its card (decorative: the card names the module). */
export function ModuleIcon(props: { icon: string | undefined; name: string }) {
  const kind = () => moduleIconKind(props.icon)
  return (
    <span class="designer-module-icon" aria-hidden="true" data-icon={kind() ?? 'initial'}>
      <Show when={kind()} fallback={moduleInitial(props.name)}>
        {(found) => (
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
            stroke-linejoin="round"
          >
            <path d={PATHS[found()]} />
          </svg>
        )}
      </Show>
    </span>
  )
}
