import { For, Show } from 'solid-js'
import type { Placement } from '../../core/plugins/runtime/readPageLayout'
import type { GridModule } from './GridModule'
import { plural } from '../plural'
import { ModuleIcon } from './ModuleIcon'

/** "column 5, row 2, 4 columns wide, 3 rows tall" (1-based, as a person counts). */
export function describePlace(place: Placement): string {
  return `column ${place.x + 1}, row ${place.y + 1}, ${plural(place.w, 'column')} wide, ${plural(place.h, 'row')} tall`
}

/**
 * A module's card on the design grid: select (and move or resize by keyboard), drag handle, remove, and a
 * preview of the module (its icon, what it does, its settings as the page will use them; CONTEXT.md says
 * why a card and not the module running). The name wraps: it is never cut.
 */
export function DesignerModuleCard(props: {
  i: string
  module: GridModule | undefined
  place: () => Placement | undefined
  selected: boolean
  onSelect: () => void
  onRemove: () => void
  onKey: (event: KeyboardEvent) => void
}) {
  const label = () => props.module?.label ?? props.i
  const placeId = `designer-place-${props.i}`
  return (
    <div
      class="designer-module"
      data-module-key={props.i}
      data-selected={props.selected ? 'true' : undefined}
    >
      <div class="designer-module-bar">
        <span class="designer-module-handle" aria-hidden="true" title="Drag to move">
          ⠿
        </span>
        <button
          type="button"
          class="designer-module-select"
          aria-pressed={props.selected}
          aria-describedby={placeId}
          onClick={() => props.onSelect()}
          onFocus={() => props.onSelect()}
          onKeyDown={(event) => props.onKey(event)}
        >
          {label()}
        </button>
        <button
          type="button"
          class="button button-quiet button-small designer-module-remove"
          aria-label={`Remove ${label()}`}
          onClick={() => props.onRemove()}
        >
          ✕
        </button>
      </div>
      <div class="designer-module-preview" data-testid="designer-module-preview">
        <ModuleIcon icon={props.module?.icon} name={label()} />
        <div class="designer-module-about">
          <Show when={props.module?.description}>
            <p class="designer-module-description">{props.module?.description}</p>
          </Show>
          <Show when={(props.module?.summary.length ?? 0) > 0}>
            <ul class="designer-module-summary" aria-label={`${label()} settings`}>
              <For each={props.module?.summary}>{(line) => <li>{line}</li>}</For>
            </ul>
          </Show>
          <Show when={props.module?.source}>
            <p class="designer-module-source">{props.module?.source}</p>
          </Show>
        </div>
      </div>
      <p id={placeId} class="designer-module-place">
        {props.place() ? describePlace(props.place()!) : ''}
      </p>
    </div>
  )
}
