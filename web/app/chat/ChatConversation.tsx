import { Link } from '@tanstack/solid-router'
import { createEffect, createResource, createSignal, For, on, onCleanup, onMount, Show } from 'solid-js'
import { ApiRequestError, errorDetail } from '../api/ApiRequestError'
import { listMessages, streamAnswer, type ChatSession, type CitedSource } from '../api/chatApi'
import type { Persona } from '../api/conversationsApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { answerMaker } from './answerMaker'
import { Composer } from './Composer'
import { MessageThread, type PendingTurn } from './MessageThread'
import { questionBefore, showSessionMessage } from './showSessionMessage'
import { SourcePanel } from './SourcePanel'
import { citedSentence } from './citedSentence'
import { SelectField } from '../ui/SelectField'
import { readWebSearchChoice, saveWebSearchChoice } from './webSearchChoice'

export interface ChatConversationProps {
  session: ChatSession
  collectionName: string
  /** A question was answered (or stopped, or failed): the sidebar's counts and order may have changed. */
  onTurnEnded: () => void
  /** The composer takes focus when the conversation opens (default true; false for a page's chat module). */
  autoFocus?: boolean
  /** Asked as soon as the chat opens: the first question of a chat just created from it. */
  initialQuestion?: string
  /**
   * Offered as "Talk to": switching continues this chat with a language model, as a persona or none
   * (the Chat screen; a page's chat module has no such choice).
   */
  switchTo?: { personas: Persona[]; onSwitch: (personaId: string | null) => Promise<void> }
}

interface TurnFailure {
  error: unknown
  question: string
}

/**
 * One open session: its stored history, the answer streaming in, and the source panel. Stored messages are
 * the truth; a turn in progress is shown beside them (`pending`) and replaced by the stored messages once
 * the API has kept them.
 */
export function ChatConversation(props: ChatConversationProps) {
  const [messages, { refetch }] = createResource(
    () => props.session.id,
    (id) => listMessages(id),
  )
  const [pending, setPending] = createSignal<PendingTurn>()
  const [failure, setFailure] = createSignal<TurnFailure>()
  const [source, setSource] = createSignal<{ source: CitedSource; opener: HTMLElement | null }>()
  const [webSearch, setWebSearch] = createSignal(readWebSearchChoice(props.session.id))
  // Another session opened in this view: its own choice.
  createEffect(
    on(
      () => props.session.id,
      (id) => setWebSearch(readWebSearchChoice(id)),
      { defer: true },
    ),
  )
  let controller: AbortController | undefined
  let composerFocus: (() => void) | undefined
  let root!: HTMLDivElement
  onCleanup(() => controller?.abort())

  const ask = async (question: string) => {
    if (pending()) return
    setFailure(undefined)
    controller = new AbortController()
    const turn = controller
    setPending({ question, answer: '', sources: [], stopped: false })
    try {
      await streamAnswer(
        props.session.id,
        question,
        {
          // What writes the answer is said from here on, in the words its stored message will have.
          onSources: (sources, about) => setPending((p) => p && { ...p, sources, maker: answerMaker(about) }),
          onToken: (text) => setPending((p) => p && { ...p, answer: p.answer + text }),
        },
        turn.signal,
        { webSearch: webSearch() },
      )
      // Both the question and the answer are stored now; reading them back gives the thread their real ids.
      await syncAfter()
    } catch (error) {
      if (turn.signal.aborted) {
        // The API stores the partial answer as the stream closes; keep showing it until it has.
        setPending((p) => p && { ...p, stopped: true })
        await new Promise((resolve) => setTimeout(resolve, 400))
        await syncAfter()
      } else {
        setPending(undefined)
        setFailure({ error, question })
        await syncAfter()
      }
    } finally {
      if (controller === turn) controller = undefined
      props.onTurnEnded()
      // Back to the composer only from the composer itself (Send or Stop went away under the focus) or from
      // nowhere: a person who opened a source, or moved on to another module of the page, while the answer
      // came is not pulled back mid-word.
      const active = document.activeElement
      const inComposer = active !== null && root.contains(active) && active.closest('.chat-composer') !== null
      if (!active || active === document.body || inComposer) composerFocus?.()
    }
  }

  const syncAfter = async () => {
    try {
      await refetch()
    } finally {
      setPending(undefined)
    }
  }

  const stop = () => controller?.abort()

  onMount(() => {
    const first = props.initialQuestion
    if (first) void ask(first)
  })

  const [switching, setSwitching] = createSignal(false)
  const switchTalk = async (select: HTMLSelectElement) => {
    const value = select.value
    const target = props.switchTo
    if (value === 'documents' || !target) return
    setSwitching(true)
    try {
      await target.onSwitch(value.startsWith('persona:') ? value.slice('persona:'.length) : null)
    } catch (error) {
      select.value = 'documents'
      setFailure({ error, question: '' })
    } finally {
      setSwitching(false)
    }
  }

  return (
    <div ref={root} class="chat-conversation" classList={{ 'chat-with-source': source() !== undefined }}>
      <div class="chat-thread-column">
        <header class="chat-thread-header">
          <h2 class="chat-thread-title">{props.session.name}</h2>
          <p class="chat-thread-scope">Searching: {props.collectionName}</p>
          <Show when={props.switchTo}>
            {(target) => (
              <SelectField
                label="Talk to"
                class="chat-talk-to"
                value="documents"
                disabled={switching() || pending() !== undefined}
                onChange={(event) => void switchTalk(event.currentTarget)}
              >
                <option value="documents">Your documents</option>
                <option value="model">The language model (no persona)</option>
                <For each={target().personas}>
                  {(persona) => <option value={`persona:${persona.id}`}>Persona: {persona.name}</option>}
                </For>
              </SelectField>
            )}
          </Show>
        </header>
        <Show
          when={!messages.error}
          fallback={
            <ErrorPanel
              title="This chat's messages could not be loaded"
              error={messages.error}
              onRetry={() => void refetch()}
            />
          }
        >
          {/*
           * `latest` is read only once the messages have come: read while they load, it would suspend the
           * route's <Suspense> and take the whole screen out of the document (and the thread's place with it).
           */}
          <Show
            when={messages.state === 'ready' || messages.state === 'refreshing'}
            fallback={<LoadingPanel label="Loading messages…" />}
          >
            <MessageThread
              place={props.session.id}
              messages={messages.latest ?? []}
              show={showSessionMessage}
              pending={pending()}
              empty="Ask a question below to begin. Answers cite the passages they use."
              onCite={(cited, opener) => setSource({ source: cited, opener })}
              onRegenerate={(index) => {
                const question = questionBefore(messages.latest ?? [], index)
                if (question) void ask(question)
              }}
              waitingText={webSearch() ? 'Searching your documents and the web…' : undefined}
            />
          </Show>
        </Show>
        <Show when={failure()}>
          {(failed) => (
            <div class="panel panel-error chat-failure" role="alert">
              <h3 class="panel-title">
                {failed().question ? 'The question could not be answered' : 'The chat could not be switched'}
              </h3>
              <p class="panel-detail">{errorDetail(failed().error)}</p>
              <Show
                when={
                  failed().error instanceof ApiRequestError &&
                  (failed().error as ApiRequestError).status === 502
                }
              >
                <p class="panel-detail">
                  The answer generator could not be reached.{' '}
                  <Link to="/settings">Check the answer generator</Link>, or switch back to the built-in
                  extractive answers.
                </p>
              </Show>
              <Show when={failed().question}>
                <button type="button" class="button" onClick={() => void ask(failed().question)}>
                  Ask again
                </button>
              </Show>
            </div>
          )}
        </Show>
        <Composer
          busy={pending() !== undefined}
          onSend={(question) => void ask(question)}
          onStop={stop}
          focusRef={(focus) => (composerFocus = focus)}
          autoFocus={props.autoFocus}
          webSearch={{
            on: webSearch(),
            onChange: (on) => {
              setWebSearch(on)
              saveWebSearchChoice(props.session.id, on)
            },
          }}
        />
      </div>
      <Show when={source()} keyed>
        {(open) => (
          <SourcePanel
            source={open.source}
            quote={citedSentence(open.opener)}
            onClose={() => {
              setSource(undefined)
              // The chip that opened it is gone when the streamed answer was replaced by the stored one.
              if (open.opener?.isConnected) open.opener.focus()
              else composerFocus?.()
            }}
          />
        )}
      </Show>
    </div>
  )
}
