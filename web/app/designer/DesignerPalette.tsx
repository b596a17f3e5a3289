import { createMemo, createSignal, createUniqueId, For, Show } from 'solid-js'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'
import { ArrowKeyList } from '../ui/ArrowKeyList'
import type { PaletteModule } from './designerApi'
import { paletteDragSource } from './DesignerGrid'
import { defaultSize } from './layoutLimits'
import { matchesSearch } from './paletteSearch'

/**
 * The modules a page can take, searchable and filtered by category; add by button or drag onto the grid.
 * The arrow keys move between the Add buttons, so Tab passes the palette in one step (ArrowKeyList).
 */
export function DesignerPalette(props: {
  modules: readonly PaletteModule[]
  columns: number
  onAdd: (module: PaletteModule) => void
}) {
  const id = createUniqueId()
  const [query, setQuery] = createSignal('')
  const [category, setCategory] = createSignal('')
  const categories = createMemo(() =>
    [...new Set(props.modules.map((module) => module.category))].sort((a, b) => a.localeCompare(b)),
  )
  const shown = createMemo(() =>
    props.modules.filter(
      (module) => (category() === '' || module.category === category()) && matchesSearch(module, query()),
    ),
  )

  return (
    <section class="designer-palette" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} class="designer-panel-title">
        Modules
      </h2>
      <div class="designer-palette-filters">
        <TextField
          id={`${id}-search`}
          label="Search modules"
          labelHidden
          class="designer-palette-filter"
          type="search"
          placeholder="Search modules"
          value={query()}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <SelectField
          id={`${id}-category`}
          label="Category"
          labelHidden
          class="designer-palette-filter"
          value={category()}
          onChange={(event) => setCategory(event.currentTarget.value)}
        >
          <option value="">All categories</option>
          <For each={categories()}>{(name) => <option value={name}>{name}</option>}</For>
        </SelectField>
      </div>
      <p class="field-hint" role="status">
        {shown().length === 1 ? '1 module' : `${shown().length} modules`}
      </p>
      <Show when={shown().length > 0} fallback={<p class="field-hint">No module matches.</p>}>
        <ArrowKeyList class="designer-palette-list">
          <For each={shown()}>
            {(module) => {
              const size = () => defaultSize(module.layout, props.columns)
              return (
                <li
                  ref={paletteDragSource}
                  class="designer-palette-item"
                  data-palette-key={module.key}
                  {...{ 'gs-w': size().w, 'gs-h': size().h }}
                >
                  <div class="designer-palette-text">
                    <span class="designer-palette-name">{module.displayName}</span>
                    <span class="designer-palette-meta">
                      {module.pluginName} · {module.category}
                    </span>
                  </div>
                  <button type="button" class="button button-small" onClick={() => props.onAdd(module)}>
                    Add {module.displayName}
                  </button>
                </li>
              )
            }}
          </For>
        </ArrowKeyList>
      </Show>
    </section>
  )
}
