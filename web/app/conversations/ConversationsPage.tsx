import { useNavigate } from '@tanstack/solid-router'
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js'
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
  setConversationPersona,
  updatePersona,
  type Conversation,
  type Persona,
  type Tag,
} from '../api/conversationsApi'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { ConversationDialogs, type ConversationDialog } from './ConversationDialogs'
import { ConversationList } from './ConversationList'
import {
  conversationTitle,
  membershipFromConversations,
  newestFirst,
  tagsOf,
  withMembership,
  withoutConversation,
  withTag,
  type TagMembership,
} from './conversationOrder'
import { ConversationPane } from './ConversationPane'
import { ConversationStart } from './ConversationStart'
import type { ConversationsScreenData } from './loadConversationsScreen'
import { PersonaManager } from './PersonaManager'
import '../chat/chat.css'
import './conversations.css'

export interface ConversationsPageProps {
  data: ConversationsScreenData
  conversationId: string | undefined
  tagId: string | undefined
}

/**
 * The Conversations screen: conversations in a sidebar (filtered by tag), the open one beside them, and the
 * personas dialog. The open conversation and the tag filter live in the URL (`?id=&tag=`). The lists are
 * kept here and patched after each change, so an edit shows at once; the loader's answer replaces them
 * whenever the route loads again.
 */
export function ConversationsPage(props: ConversationsPageProps) {
  const navigate = useNavigate()
  const [conversations, setConversations] = createSignal<Conversation[]>([])
  const [personas, setPersonas] = createSignal<Persona[]>([])
  const [tags, setTags] = createSignal<Tag[]>([])
  const [membership, setMembership] = createSignal<TagMembership>({})
  createEffect(
    on(
      () => props.data,
      (data) => {
        setConversations(data.conversations)
        setPersonas(data.personas)
        setTags(data.tags)
        setMembership(data.membership)
      },
    ),
  )
  const [dialog, setDialog] = createSignal<ConversationDialog>()
  const [managingPersonas, setManagingPersonas] = createSignal(false)
  let newButton: HTMLButtonElement | undefined
  let personasButton: HTMLButtonElement | undefined

  const current = createMemo(() => conversations().find((c) => c.id === props.conversationId))
  const shown = createMemo(() => newestFirst(withTag(conversations(), membership(), props.tagId)))
  const tagsFor = (id: string) => {
    const ids = tagsOf(membership(), id)
    return tags().filter((tag) => ids.includes(tag.id))
  }
  usePageTitle(() => (current() ? conversationTitle(current() as Conversation) : 'Conversations'))

  const go = (id: string | undefined, tag = props.tagId) =>
    void navigate({ to: '/conversations', search: { ...(id ? { id } : {}), ...(tag ? { tag } : {}) } })
  const replace = (updated: Conversation) =>
    setConversations((list) => list.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)))

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
      // Only the sidebar's order depends on this; the open conversation is already up to date.
    }
  }

  const create = async (title: string, personaId: string | null) => {
    const conversation = await createConversation(title, personaId)
    setConversations((list) => [conversation, ...list])
    setDialog(undefined)
    go(conversation.id, undefined)
  }

  const rename = async (conversation: Conversation, title: string) => {
    replace(await renameConversation(conversation.id, title))
    setDialog(undefined)
    showToast({ message: `Renamed to “${title}”` })
  }

  const remove = async (conversation: Conversation) => {
    await deleteConversation(conversation.id)
    setConversations((list) => list.filter((c) => c.id !== conversation.id))
    setMembership((m) => withoutConversation(m, conversation.id))
    setDialog(undefined)
    if (conversation.id === props.conversationId) go(undefined)
    showToast({ message: `Deleted “${conversationTitle(conversation)}”` })
  }

  const attach = async (conversationId: string, tagId: string) => {
    await attachTag(conversationId, tagId)
    setMembership((m) => withMembership(m, tagId, conversationId, true))
  }

  const detach = async (conversationId: string, tag: Tag) => {
    await detachTag(conversationId, tag.id)
    setMembership((m) => withMembership(m, tag.id, conversationId, false))
  }

  const createAndAttach = async (conversationId: string, name: string, color: string) => {
    const tag = await createTag(name, color)
    setTags((list) => [...list, tag])
    await attach(conversationId, tag.id)
    showToast({ message: `Tag “${tag.name}” added` })
  }

  return (
    <section class="page chat-page" aria-labelledby="conversations-title">
      <header class="page-header conv-page-header">
        <h1 id="conversations-title" class="page-title">
          Conversations
        </h1>
        <button ref={personasButton} type="button" class="button" onClick={() => setManagingPersonas(true)}>
          Personas
        </button>
      </header>
      <div class="chat-layout">
        <ConversationList
          conversations={shown()}
          totalCount={conversations().length}
          currentId={props.conversationId}
          tags={tags()}
          tagId={props.tagId}
          personas={personas()}
          tagsOf={tagsFor}
          newButtonRef={(element) => (newButton = element)}
          onNew={() => setDialog({ kind: 'new' })}
          onFilter={(tag) => go(props.conversationId, tag)}
        />
        <div class="chat-main">
          {/* Keyed on the id: another conversation mounts a fresh pane with its own reply stream. */}
          <Show
            when={current()?.id}
            keyed
            fallback={
              <ConversationStart
                hasConversations={conversations().length > 0}
                missing={props.conversationId !== undefined}
                onNew={() => setDialog({ kind: 'new' })}
              />
            }
          >
            {(id) => (
              <Show when={current()}>
                {(conversation) => (
                  <ConversationPane
                    conversation={conversation()}
                    personas={personas()}
                    tags={tags()}
                    attachedTagIds={tagsOf(membership(), id)}
                    onRename={() => setDialog({ kind: 'rename', conversation: conversation() })}
                    onDelete={() => setDialog({ kind: 'delete', conversation: conversation() })}
                    onPersonaChange={async (personaId) => {
                      replace(await setConversationPersona(id, personaId))
                    }}
                    onAttach={(tagId) => attach(id, tagId)}
                    onDetach={(tag) => detach(id, tag)}
                    onCreateTag={(name, color) => createAndAttach(id, name, color)}
                    onActivity={() => void refreshConversations()}
                  />
                )}
              </Show>
            )}
          </Show>
        </div>
      </div>
      <ConversationDialogs
        dialog={dialog()}
        personas={personas()}
        onCreate={create}
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
