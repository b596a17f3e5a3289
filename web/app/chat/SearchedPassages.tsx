import { createMemo, For, Show } from 'solid-js'
import { isWebSource, type CitedSource } from '../../core/chat/CitedSource'
import { citedNumbers } from './citedNumbers'
import './searchedPassages.css'

export interface SearchedPassagesProps {
  /** Every passage the answer was given, cited or not (`metadata.source_documents`). */
  sources: CitedSource[]
  /** The answer's text, to mark the passages it cites. */
  answer: string
  onOpen?: ((source: CitedSource, opener: HTMLElement | null) => void) | undefined
}

/** How much of a passage the collapsed list shows beside its name. */
const EXCERPT = 140

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT).replace(/\s\S*$/, '')}…` : flat
}

function place(source: CitedSource): string {
  if (isWebSource(source)) return source.title || source.url
  return source.page !== null ? `${source.filename}, page ${source.page}` : source.filename
}

/**
 * The evidence under every answer (issue 40): the passages that were searched, collapsed, each one
 * openable at its page, the cited ones marked. An answer that says the documents do not hold the answer
 * shows them too, so a person can judge the passage it dismissed.
 */
export function SearchedPassages(props: SearchedPassagesProps) {
  const cited = createMemo(() => citedNumbers(props.answer))
  return (
    <details class="chat-evidence">
      <summary class="chat-evidence-summary">I searched these passages ({props.sources.length})</summary>
      <ol class="chat-evidence-list">
        <For each={props.sources}>
          {(source) => (
            <li class="chat-evidence-item">
              <button
                type="button"
                class="button button-quiet button-small chat-evidence-open"
                aria-label={`Open source ${source.number}: ${place(source)}`}
                onClick={(event) => props.onOpen?.(source, event.currentTarget)}
              >
                {source.number}
              </button>
              <span class="chat-evidence-text">
                <span class="chat-evidence-place">
                  {place(source)}
                  <Show when={cited().has(source.number)}>
                    <span class="chat-evidence-cited"> · cited</span>
                  </Show>
                </span>
                <span class="chat-evidence-excerpt">{excerpt(source.content)}</span>
              </span>
            </li>
          )}
        </For>
      </ol>
    </details>
  )
}
