import { useNavigate } from '@tanstack/solid-router'
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js'
import { createSession, deleteSession, listSessions, renameSession, type ChatSession } from '../api/chatApi'
import type { Collection } from '../api/collectionsApi'
import {
  attachTag,
  createConversation,
  createPersona,
  createTag,
  deleteConversation,
  deletePersona,
  detachTag,
  listConversations,
  renameConversation,
  setConversationModel,
  setConversationPersona,
  updatePersona,
  type Conversation,
  type Persona,
  type Tag,
} from '../api/conversationsApi'
import {
  membershipFromConversations,
  tagsOf,
  withMembership,
  withoutConversation,
  withTag,
  type TagMembership,
} from '../conversations/conversationOrder'
import { ConversationPane } from '../conversations/ConversationPane'
import type { ConversationsScreenData } from '../conversations/loadConversationsScreen'
import { PersonaManager } from '../conversations/PersonaManager'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { ChatConversation } from './ChatConversation'
import { ChatList } from './ChatList'
import { conversationItem, mergeChats, nameFromQuestion, sessionItem, type ChatItem } from './chatList'
import { ChatStart, type ChatStartChoice } from './ChatStart'
import { continueWithModel } from './continueWithModel'
import { SessionDialogs, type SessionDialog } from './SessionDialogs'
import { saveWebSearchChoice } from './webSearchChoice'
import './chat.css'
import './chatScreen.css'
import '../conversations/conversations.css'

export interface ChatScreenData extends ConversationsScreenData {
  sessions: ChatSession[]
  collections: Collection[]
}

export interface ChatSearch {
  /** The open document chat (a chat session). */
  session?: string
  /** The open model conversation. */
  conversation?: string
  /** The list's tag filter (tags belong to conversations). */
  tag?: string
  /** A new chat's preselected collection ("Ask this collection"). */
  collection?: string
}

export interface ChatPageProps {
  data: ChatScreenData
  search: ChatSearch
}

/**
 * The one place to talk: document chats and model conversations in one list, the open one beside it,
 * and a new chat ready to type when none is open. Which record is open lives in the URL (`?session=` or
 * `?conversation=`), so a reload returns to it; the lists are kept here and patched after each change,
 * and the loader's answer replaces them whenever the route loads again.
 */
export function ChatPage(props: ChatPageProps) {
  const navigate = useNavigate()
  const [sessions, setSessions] = createSignal<ChatSession[]>([])
  const [conversations, setConversations] = createSignal<Conversation[]>([])
  const [personas, setPersonas] = createSignal<Persona[]>([])
  const [tags, setTags] = createSignal<Tag[]>([])
  const [membership, setMembership] = createSignal<TagMembership>({})
  createEffect(
    on(
      () => props.data,
      (data) => {
        setSessions(data.sessions)
        setConversations(data.conversations)
        setPersonas(data.personas)
        setTags(data.tags)
        setMembership(data.membership)
      },
    ),
  )
  const [dialog, setDialog] = createSignal<SessionDialog>()
  const [managingPersonas, setManagingPersonas] = createSignal(false)
  // A new chat's first question, asked by the chat once it has opened (and only then, only once).
  let firstQuestion: { id: string; text: string } | undefined
  const takeFirstQuestion = (id: string) => {
    const first = firstQuestion?.id === id ? firstQuestion.text : undefined
    if (first) firstQuestion = undefined
    return first
  }
  // "New chat" while a new chat is already shown starts it afresh (cleared choices, focus in the composer).
  const [startKey, setStartKey] = createSignal(0)
  let newButton: HTMLButtonElement | undefined
  let personasButton: HTMLButtonElement | undefined
  // On a narrow screen the list of chats is a drawer (chatScreen.css); wide, it is always shown.
  const [listOpen, setListOpen] = createSignal(false)
  let listButton: HTMLButtonElement | undefined
  let layout!: HTMLDivElement
  const closeList = (returnFocus: boolean) => {
    if (!listOpen()) return
    setListOpen(false)
    if (returnFocus) listButton?.focus()
  }
  // Whatever is opened from the drawer (a chat, a new one) closes it: the conversation takes the screen.
  createEffect(
    on(
      () => [props.search.session, props.search.conversation, startKey()],
      () => closeList(false),
      { defer: true },
    ),
  )

  const chats = createMemo(() => {
    const shownConversations = withTag(conversations(), membership(), props.search.tag)
    return mergeChats(props.search.tag ? [] : sessions(), shownConversations)
  })
  const current = createMemo<ChatItem | undefined>(() => {
    const { session, conversation } = props.search
    // From the whole lists: an open chat stays open when the tag filter leaves it out of the list.
    const found = session
      ? sessions().find((s) => s.id === session)
      : conversation
        ? conversations().find((c) => c.id === conversation)
        : undefined
    if (!found) return undefined
    return 'message_count' in found ? sessionItem(found) : conversationItem(found)
  })
  const currentSession = () => {
    const item = current()
    return item?.kind === 'documents' ? item.session : undefined
  }
  const currentConversation = () => {
    const id = props.search.conversation
    return id ? conversations().find((c) => c.id === id) : undefined
  }
  usePageTitle(() => current()?.name || 'Chat')

  const open = (search: ChatSearch) => void navigate({ to: '/chat', search })
  const collectionName = (id: string | null) =>
    id === null
      ? 'All documents'
      : (props.data.collections.find((c) => c.id === id)?.name ?? 'A deleted collection')
  const tagsFor = (id: string) => {
    const ids = tagsOf(membership(), id)
    return tags().filter((tag) => ids.includes(tag.id))
  }

  const refreshSessions = async () => {
    try {
      setSessions(await listSessions())
    } catch {
      // The list is a convenience here; the thread that just changed is already up to date.
    }
  }
  const refreshConversations = async () => {
    try {
      const fresh = await listConversations(props.data.userId)
      setConversations(fresh)
      const derived = membershipFromConversations(
        fresh,
        tags().map((tag) => tag.id),
      )
      if (derived) setMembership(derived)
    } catch {
      // Only the list's order depends on this; the open conversation is already up to date.
    }
  }

  const start = async (choice: ChatStartChoice, question: string) => {
    const name = nameFromQuestion(question) || 'New chat'
    if (choice.kind === 'documents') {
      const session = await createSession(name, choice.collectionId)
      if (choice.webSearch) saveWebSearchChoice(session.id, true)
      setSessions((list) => [session, ...list])
      firstQuestion = { id: session.id, text: question }
      open({ session: session.id })
    } else {
      const created = await createConversation(name, choice.personaId)
      const conversation =
        choice.model && choice.server
          ? { ...created, ...(await setConversationModel(created.id, choice.model, choice.server)) }
          : created
      setConversations((list) => [conversation, ...list])
      firstQuestion = { id: conversation.id, text: question }
      open({ conversation: conversation.id })
    }
  }

  const switchToModel = async (session: ChatSession, personaId: string | null) => {
    const conversation = await continueWithModel(session, personaId)
    setConversations((list) => [conversation, ...list])
    open({ conversation: conversation.id })
    const persona = personas().find((p) => p.id === personaId)
    showToast({ message: persona ? `Continued with ${persona.name}` : 'Continued with the language model' })
  }

  const rename = async (chat: ChatItem, name: string) => {
    if (chat.kind === 'documents') {
      const updated = await renameSession(chat.id, name)
      setSessions((list) => list.map((item) => (item.id === updated.id ? updated : item)))
    } else {
      const updated = await renameConversation(chat.id, name)
      setConversations((list) => list.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)))
    }
    setDialog(undefined)
    showToast({ message: `Renamed to “${name}”` })
  }

  const remove = async (chat: ChatItem) => {
    // Read before the lists change: once the chat is gone from them, nothing is open to compare with.
    const wasOpen = current()?.kind === chat.kind && current()?.id === chat.id
    if (chat.kind === 'documents') {
      await deleteSession(chat.id)
      setSessions((list) => list.filter((item) => item.id !== chat.id))
    } else {
      await deleteConversation(chat.id)
      setConversations((list) => list.filter((c) => c.id !== chat.id))
      setMembership((m) => withoutConversation(m, chat.id))
    }
    setDialog(undefined)
    if (wasOpen) open({})
    showToast({ message: `Deleted “${chat.name}”` })
  }

  const attach = async (conversationId: string, tagId: string) => {
    await attachTag(conversationId, tagId)
    setMembership((m) => withMembership(m, tagId, conversationId, true))
  }

  const missing = () =>
    (props.search.session !== undefined && currentSession() === undefined) ||
    (props.search.conversation !== undefined && currentConversation() === undefined)

  return (
    <section class="page chat-page" aria-labelledby="chat-title">
      <header class="page-header conv-page-header">
        <h1 id="chat-title" class="page-title">
          Chat
        </h1>
        <button
          ref={listButton}
          type="button"
          class="button chat-list-button"
          aria-expanded={listOpen()}
          aria-controls="chat-list"
          onClick={() => {
            setListOpen((open) => !open)
            // Into the drawer, at the open chat or the first one, as the arrow-key list would have it.
            if (listOpen())
              queueMicrotask(() =>
                layout
                  .querySelector<HTMLElement>(
                    '.chat-session-current a, .chat-sessions a, .chat-sessions button',
                  )
                  ?.focus(),
              )
          }}
        >
          Chats
        </button>
        <button ref={personasButton} type="button" class="button" onClick={() => setManagingPersonas(true)}>
          Personas
        </button>
      </header>
      <div
        ref={layout}
        class="chat-layout"
        classList={{ 'chat-list-open': listOpen() }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && listOpen()) {
            event.stopPropagation()
            closeList(true)
          }
        }}
      >
        <div class="chat-list-backdrop" aria-hidden="true" onClick={() => closeList(true)} />
        <ChatList
          chats={chats()}
          totalCount={sessions().length + conversations().length}
          current={current() && { kind: (current() as ChatItem).kind, id: (current() as ChatItem).id }}
          tags={tags()}
          tagId={props.search.tag}
          personas={personas()}
          collectionName={collectionName}
          tagsOf={tagsFor}
          newButtonRef={(element) => (newButton = element)}
          onNew={() => {
            setStartKey((key) => key + 1)
            open({})
          }}
          onFilter={(tag) =>
            open({
              ...(props.search.conversation ? { conversation: props.search.conversation } : {}),
              ...(tag ? { tag } : {}),
            })
          }
          onRename={(chat) => setDialog({ kind: 'rename', chat })}
          onDelete={(chat) => setDialog({ kind: 'delete', chat })}
        />
        <div class="chat-main">
          <Show when={currentSession()?.id} keyed>
            {(id) => (
              <Show when={currentSession()}>
                {(session) => (
                  <ChatConversation
                    session={session()}
                    collectionName={collectionName(session().collection_id)}
                    onTurnEnded={() => void refreshSessions()}
                    initialQuestion={takeFirstQuestion(id)}
                    switchTo={{
                      personas: personas(),
                      onSwitch: (personaId) => switchToModel(session(), personaId),
                    }}
                  />
                )}
              </Show>
            )}
          </Show>
          <Show when={currentConversation()?.id} keyed>
            {(id) => (
              <Show when={currentConversation()}>
                {(conversation) => (
                  <ConversationPane
                    conversation={conversation()}
                    personas={personas()}
                    tags={tags()}
                    attachedTagIds={tagsOf(membership(), id)}
                    initialMessage={takeFirstQuestion(id)}
                    onPersonaChange={async (personaId) => {
                      const updated = await setConversationPersona(id, personaId)
                      setConversations((list) => list.map((c) => (c.id === id ? { ...c, ...updated } : c)))
                    }}
                    onAttach={(tagId) => attach(id, tagId)}
                    onDetach={async (tag) => {
                      await detachTag(id, tag.id)
                      setMembership((m) => withMembership(m, tag.id, id, false))
                    }}
                    onCreateTag={async (name, color) => {
                      const tag = await createTag(name, color)
                      setTags((list) => [...list, tag])
                      await attach(id, tag.id)
                      showToast({ message: `Tag “${tag.name}” added` })
                    }}
                    onActivity={() => void refreshConversations()}
                  />
                )}
              </Show>
            )}
          </Show>
          <Show when={!currentSession() && !currentConversation()}>
            <Show when={startKey() + 1} keyed>
              {(_key) => (
                <ChatStart
                  collections={props.data.collections}
                  personas={personas()}
                  collectionId={props.search.collection}
                  missing={missing()}
                  onStart={start}
                />
              )}
            </Show>
          </Show>
        </div>
      </div>
      <SessionDialogs
        dialog={dialog()}
        onRename={rename}
        onDelete={remove}
        onCancel={() => setDialog(undefined)}
        fallbackFocus={() => newButton}
      />
      <Show when={managingPersonas()}>
        <PersonaManager
          personas={personas()}
          onCreate={async (input) => {
            const persona = await createPersona(input)
            setPersonas((list) => [...list, persona])
            showToast({ message: `Persona “${persona.name}” created` })
          }}
          onUpdate={async (persona, input) => {
            const updated = await updatePersona(persona.id, input)
            setPersonas((list) => list.map((p) => (p.id === updated.id ? updated : p)))
          }}
          onDelete={async (persona) => {
            await deletePersona(persona.id)
            setPersonas((list) => list.filter((p) => p.id !== persona.id))
            // The API may keep the dangling id or clear it; reading the list again shows which.
            void refreshConversations()
          }}
          onClose={() => setManagingPersonas(false)}
          fallbackFocus={() => personasButton}
        />
      </Show>
    </section>
  )
}
