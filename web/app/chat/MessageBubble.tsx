import { Link } from '@tanstack/solid-router'
import { createMemo, Show } from 'solid-js'
import type { ChatMessage, CitedSource } from '../api/chatApi'
import { showToast } from '../toasts/toastStore'
import type { AnswerMaker } from './answerMaker'
import { renderMarkdown } from './renderMarkdown'
import { SearchedPassages } from './SearchedPassages'

export interface MessageBubbleProps {
  role: ChatMessage['role']
  content: string
  sources: CitedSource[]
  stopped: boolean
  /** Tokens are still arriving. */
  streaming?: boolean
  note?: string | undefined
  /**
   * What writes the answer; said under it with the way to choose a model, while it streams as well as once
   * stored (absent: nothing is said).
   */
  maker?: AnswerMaker | undefined
  /** While another answer streams, copying is fine but regenerating is not. */
  actionsDisabled?: boolean
  onCite?: (source: CitedSource, opener: HTMLElement | null) => void
  onRegenerate?: () => void
  /** Shown before the first token arrives (default "Searching your documents…"). */
  waitingText?: string
}

/**
 * One message. The person's own words are shown as typed (plain text); an assistant answer is Markdown,
 * rendered by `renderMarkdown`, which escapes any HTML in it, so setting it as innerHTML is safe. Citation
 * chips are buttons inside that HTML; one click handler on the bubble opens the cited source. Under an
 * answer, from its first streamed words on, what writes it ("Quoted from your documents", or the model's
 * name) and a link to where a model is chosen (Settings' language models), so nobody takes quoted
 * sentences for a model's words.
 */
export function MessageBubble(props: MessageBubbleProps) {
  const html = createMemo(() => (props.role === 'assistant' ? renderMarkdown(props.content) : ''))

  const openCitation = (event: MouseEvent) => {
    const chip = (event.target as HTMLElement).closest<HTMLButtonElement>('button.citation-chip')
    if (!chip) return
    const number = Number(chip.dataset.source)
    const source = props.sources.find((item) => item.number === number)
    if (source) props.onCite?.(source, chip)
    else showToast({ message: `Source ${number} is not among this answer's sources.` })
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.content)
      showToast({ message: 'Answer copied' })
    } catch {
      showToast({ message: 'The answer could not be copied; select it and copy instead.' })
    }
  }

  return (
    <li class={`chat-message chat-message-${props.role}`}>
      <span class="visually-hidden">{props.role === 'user' ? 'You:' : 'Quire:'}</span>
      <Show when={props.role === 'assistant'} fallback={<p class="chat-message-text">{props.content}</p>}>
        <Show
          when={props.content || !props.streaming}
          fallback={<p class="chat-typing">{props.waitingText ?? 'Searching your documents…'}</p>}
        >
          {/* Safe as innerHTML: renderMarkdown escapes every piece of HTML in the answer. */}
          <div class="chat-markdown" innerHTML={html()} onClick={openCitation} />
        </Show>
        <Show when={props.stopped}>
          <p class="chat-message-note">Stopped before the answer was complete.</p>
        </Show>
        <Show when={props.note}>
          <p class="chat-message-note">{props.note}</p>
        </Show>
        <Show when={props.maker}>
          {(maker) => (
            <p class="chat-message-maker">
              <span>{maker().label}</span>
              <Link to="/settings" hash="models-title">
                {maker().kind === 'model' ? 'Change model' : 'Choose a model'}
              </Link>
            </p>
          )}
        </Show>
        <Show when={!props.streaming && props.sources.length > 0}>
          <SearchedPassages sources={props.sources} answer={props.content} onOpen={props.onCite} />
        </Show>
        <Show when={!props.streaming}>
          <div class="chat-message-actions">
            <button type="button" class="button button-quiet button-small" onClick={() => void copy()}>
              Copy
            </button>
            <Show when={props.onRegenerate}>
              <button
                type="button"
                class="button button-quiet button-small"
                aria-disabled={props.actionsDisabled}
                onClick={() => !props.actionsDisabled && props.onRegenerate?.()}
              >
                Regenerate
              </button>
            </Show>
          </div>
        </Show>
      </Show>
    </li>
  )
}
