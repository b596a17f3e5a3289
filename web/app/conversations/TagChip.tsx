import { Show } from 'solid-js'
import type { Tag } from '../api/conversationsApi'

export interface TagChipProps {
  tag: Tag
  /** When given, the chip carries a button that takes the tag off. */
  onRemove?: () => void
}

/**
 * A tag's name beside a dot of its colour. The colour is never the text's background, so any colour a person
 * picks keeps the name readable in both themes.
 */
export function TagChip(props: TagChipProps) {
  return (
    <span class="conv-tag">
      <span class="conv-tag-dot" style={{ background: props.tag.color }} aria-hidden="true" />
      <span>{props.tag.name}</span>
      <Show when={props.onRemove}>
        <button
          type="button"
          class="conv-tag-remove"
          aria-label={`Remove tag ${props.tag.name}`}
          onClick={() => props.onRemove?.()}
        >
          ×
        </button>
      </Show>
    </span>
  )
}
