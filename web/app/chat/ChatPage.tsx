import { useNavigate } from '@tanstack/solid-router'
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js'
import { createSession, deleteSession, listSessions, renameSession, type ChatSession } from '../api/chatApi'
import type { Collection } from '../api/collectionsApi'
import { usePageTitle } from '../usePageTitle'
import { showToast } from '../toasts/toastStore'
import { ChatConversation } from './ChatConversation'
import { ChatStart } from './ChatStart'
import { SessionDialogs, type SessionDialog } from './SessionDialogs'
import { SessionList } from './SessionList'
import './chat.css'

export interface ChatPageProps {
  sessions: ChatSession[]
  collections: Collection[]
  sessionId: string | undefined
}

/**
 * The Chat screen: sessions in a sidebar, the open session's thread beside them. The open session lives in
 * the URL (`?session=`), so a reload returns to it; the sidebar's list is kept here and patched after each
 * change rather than reloaded, so a rename or a new answer shows at once.
 */
export function ChatPage(props: ChatPageProps) {
  const navigate = useNavigate()
  const [sessions, setSessions] = createSignal<ChatSession[]>([])
  // The loader reloads in the background on navigation; its answer is the truth once it arrives.
  createEffect(
    on(
      () => props.sessions,
      (fresh) => setSessions(fresh),
    ),
  )
  const [dialog, setDialog] = createSignal<SessionDialog>()
  let newButton: HTMLButtonElement | undefined

  const current = createMemo(() => sessions().find((session) => session.id === props.sessionId))
  usePageTitle(() => current()?.name ?? 'Chat')

  const open = (id: string | undefined) => void navigate({ to: '/chat', search: id ? { session: id } : {} })

  const refreshSessions = async () => {
    try {
      setSessions(await listSessions())
    } catch {
      // The list is a convenience here; the thread that just changed is already up to date.
    }
  }

  const create = async (name: string, collectionId: string | null) => {
    const session = await createSession(name, collectionId)
    setSessions((list) => [session, ...list])
    setDialog(undefined)
    open(session.id)
  }

  const rename = async (session: ChatSession, name: string) => {
    const updated = await renameSession(session.id, name)
    setSessions((list) => list.map((item) => (item.id === updated.id ? updated : item)))
    setDialog(undefined)
    showToast({ message: `Renamed to “${updated.name}”` })
  }

  const remove = async (session: ChatSession) => {
    await deleteSession(session.id)
    setSessions((list) => list.filter((item) => item.id !== session.id))
    setDialog(undefined)
    if (session.id === props.sessionId) open(undefined)
    showToast({ message: `Deleted “${session.name}”` })
  }

  const collectionName = (id: string | null) =>
    id === null
      ? 'All collections'
      : (props.collections.find((c) => c.id === id)?.name ?? 'A deleted collection')

  return (
    <section class="page chat-page" aria-labelledby="chat-title">
      <header class="page-header">
        <h1 id="chat-title" class="page-title">
          Chat
        </h1>
      </header>
      <div class="chat-layout">
        <SessionList
          sessions={sessions()}
          currentId={props.sessionId}
          newButtonRef={(element) => (newButton = element)}
          onNew={() => setDialog({ kind: 'new' })}
          onRename={(session) => setDialog({ kind: 'rename', session })}
          onDelete={(session) => setDialog({ kind: 'delete', session })}
        />
        <div class="chat-main">
          {/* Keyed on the id: another session mounts a fresh thread (its own stream, its own source panel),
              while a rename or a new message count only updates the one that is open. */}
          <Show
            when={current()?.id}
            keyed
            fallback={
              <ChatStart
                hasSessions={sessions().length > 0}
                missing={props.sessionId !== undefined}
                hasCollections={props.collections.length > 0}
                onNew={() => setDialog({ kind: 'new' })}
              />
            }
          >
            {(_id) => (
              <Show when={current()}>
                {(session) => (
                  <ChatConversation
                    session={session()}
                    collectionName={collectionName(session().collection_id)}
                    onTurnEnded={() => void refreshSessions()}
                  />
                )}
              </Show>
            )}
          </Show>
        </div>
      </div>
      <SessionDialogs
        dialog={dialog()}
        collections={props.collections}
        onCreate={create}
        onRename={rename}
        onDelete={remove}
        onCancel={() => setDialog(undefined)}
        fallbackFocus={() => newButton}
      />
    </section>
  )
}
