import { createSignal, createUniqueId, For } from 'solid-js'
import { PRESET_COLOURS } from '../collections/collectionColours'
import './colourPicker.css'

export interface ColourPickerProps {
  value: string | null
  onChange: (value: string | null) => void
  error?: string | undefined
}

const SWATCHES: readonly { name: string; value: string | null }[] = [
  { name: 'None', value: null },
  ...PRESET_COLOURS,
]

/**
 * Preset swatches as a native radio group (arrow keys move between them for free) plus the browser's own
 * colour input for anything else. The input is the element labelled "Colour"; nothing else here carries that
 * word in its accessible name, so tests and assistive tech find exactly one "Colour" control.
 */
export function ColourPicker(props: ColourPickerProps) {
  const inputId = createUniqueId()
  const hintId = createUniqueId()
  const errorId = createUniqueId()
  const group = createUniqueId()
  // A colour input cannot be empty; while "None" is chosen it holds the last real colour (under a cover
  // that shows none), so that opening it starts from that colour.
  const [lastColour, setLastColour] = createSignal(props.value ?? PRESET_COLOURS[0]?.value ?? '#4f5fb8')
  const choose = (value: string | null) => {
    if (value) setLastColour(value.toLowerCase())
    props.onChange(value ? value.toLowerCase() : null)
  }
  const isChosen = (value: string | null) => (props.value?.toLowerCase() ?? null) === value

  return (
    <div class="field">
      <label class="field-label" for={inputId}>
        Colour
      </label>
      <p id={hintId} class="field-hint">
        Optional. Marks the collection's card.
      </p>
      <div class="colour-picker">
        <div role="radiogroup" aria-label="Swatches" class="swatches">
          <For each={SWATCHES}>
            {(swatch) => (
              <label class="swatch" title={swatch.name}>
                <input
                  type="radio"
                  class="swatch-input"
                  name={group}
                  checked={isChosen(swatch.value)}
                  onChange={() => choose(swatch.value)}
                />
                <span
                  class="swatch-chip"
                  classList={{ 'swatch-none': swatch.value === null }}
                  style={swatch.value ? { background: swatch.value } : undefined}
                  aria-hidden="true"
                />
                <span class="visually-hidden">{swatch.name}</span>
              </label>
            )}
          </For>
        </div>
        <span class="colour-custom">
          {/* With no colour chosen the input still holds one (it cannot be empty): a hatched cover over
              its swatch shows "none" instead; clicks and the keyboard reach the input through it. */}
          <span class="colour-input-box" classList={{ 'colour-input-none': props.value === null }}>
            <input
              id={inputId}
              type="color"
              class="colour-input"
              value={props.value ?? lastColour()}
              aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={props.error ? true : undefined}
              onInput={(event) => choose(event.currentTarget.value)}
            />
          </span>
          <span class="colour-value" aria-hidden="true">
            {props.value ? props.value.toUpperCase() : 'No colour'}
          </span>
        </span>
      </div>
      <p id={errorId} class="field-error" hidden={!props.error}>
        {props.error}
      </p>
    </div>
  )
}
