import { createSignal, createUniqueId, onMount, Show } from 'solid-js'
import { CheckboxField } from '../ui/CheckboxField'

export interface ComposerProps {
  busy: boolean
  onSend: (question: string) => void
  onStop: () => void
  /** Hands the parent a way to put focus back here when an answer ends. */
  focusRef: (focus: () => void) => void
  /** The field's label (default "Your question"), and its placeholder. */
  label?: string
  placeholder?: string
  /** "Search the web" for this conversation's questions: shown when given (the document chat). */
  webSearch?: { on: boolean; onChange: (on: boolean) => void }
  /** Take focus when shown (default true): the chat screen does, a chat module among others on a page does not. */
  autoFocus?: boolean
}

/**
 * Where the question is typed: Enter sends, Shift+Enter starts a new line, Escape stops an answer; Stop
 * replaces Send while answering.
 */
export function Composer(props: ComposerProps) {
  const [text, setText] = createSignal('')
  // Per instance: a page may hold two chat modules, each with its own composer.
  const fieldId = createUniqueId()
  let input!: HTMLTextAreaElement

  onMount(() => {
    props.focusRef(() => input.focus())
    if (props.autoFocus !== false) input.focus()
  })

  const send = () => {
    const question = text().trim()
    if (!question || props.busy) return
    props.onSend(question)
    setText('')
  }

  return (
    <form
      class="chat-composer"
      // Escape anywhere in the composer (its field, Stop) stops the answer being written.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && props.busy) {
          event.preventDefault()
          event.stopPropagation()
          props.onStop()
        }
      }}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <label class="visually-hidden" for={fieldId}>
        {props.label ?? 'Your question'}
      </label>
      <textarea
        ref={input}
        id={fieldId}
        class="input chat-composer-input"
        rows="2"
        maxlength="8000"
        placeholder={props.placeholder ?? 'Ask about your documents…'}
        aria-describedby={`${fieldId}-hint`}
        value={text()}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // isComposing: Enter that confirms an IME candidate must not send a half-typed question.
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault()
            send()
          }
        }}
      />
      <p id={`${fieldId}-hint`} class="visually-hidden">
        Enter sends; Shift+Enter starts a new line; Escape stops an answer.
      </p>
      <Show when={props.webSearch}>
        {(web) => (
          <CheckboxField
            label="Search the web"
            labelClass="chat-composer-web"
            checked={web().on}
            onChange={(event) => web().onChange(event.currentTarget.checked)}
          />
        )}
      </Show>
      <Show
        when={props.busy}
        fallback={
          <button type="submit" class="button button-primary" aria-disabled={!text().trim()}>
            Send
          </button>
        }
      >
        <button type="button" class="button" onClick={() => props.onStop()}>
          Stop
        </button>
      </Show>
    </form>
  )
}
