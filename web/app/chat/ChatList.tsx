import { Link } from '@tanstack/solid-router'
import { For, Show } from 'solid-js'
import type { Persona, Tag } from '../api/conversationsApi'
import { TagChip } from '../conversations/TagChip'
import { ArrowKeyList } from '../ui/ArrowKeyList'
import { RowActions } from '../ui/RowActions'
import { SelectField } from '../ui/SelectField'
import type { ChatItem } from './chatList'

export interface ChatListProps {
  /** Both kinds, already merged, filtered and ordered. */
  chats: ChatItem[]
  /** How many there are without the tag filter: tells "none yet" from "none with this tag". */
  totalCount: number
  current: { kind: ChatItem['kind']; id: string } | undefined
  tags: Tag[]
  tagId: string | undefined
  personas: Persona[]
  collectionName: (id: string | null) => string
  tagsOf: (conversationId: string) => Tag[]
  newButtonRef: (element: HTMLButtonElement) => void
  onNew: () => void
  onFilter: (tagId: string | undefined) => void
  onRename: (chat: ChatItem) => void
  onDelete: (chat: ChatItem) => void
}

/**
 * The one list of chats: document chats and model conversations together, latest activity first, each
 * saying what it talks to (a collection, a persona, a model), with Rename and Delete. The arrow keys move
 * through it and Tab goes from a chat to its Rename and Delete, then on (ArrowKeyList).
 */
export function ChatList(props: ChatListProps) {
  const isCurrent = (chat: ChatItem) => props.current?.kind === chat.kind && props.current.id === chat.id
  const personaName = (id: string | null) => props.personas.find((persona) => persona.id === id)?.name
  const detail = (chat: ChatItem) => {
    if (chat.kind === 'documents') {
      const count = chat.session.message_count === 1 ? '1 message' : `${chat.session.message_count} messages`
      return `${props.collectionName(chat.session.collection_id)} · ${count}`
    }
    const persona = personaName(chat.conversation.persona_id)
    return persona ? `With ${persona}` : 'With the model'
  }

  return (
    <nav id="chat-list" class="chat-sessions" aria-label="Chats">
      <button
        ref={props.newButtonRef}
        type="button"
        class="button button-primary"
        onClick={() => props.onNew()}
      >
        New chat
      </button>
      <Show when={props.tags.length > 0}>
        <SelectField
          label="Filter by tag"
          class="conv-filter"
          value={props.tagId ?? ''}
          onChange={(event) => props.onFilter(event.currentTarget.value || undefined)}
        >
          <option value="">All chats</option>
          <For each={props.tags}>{(tag) => <option value={tag.id}>{tag.name}</option>}</For>
        </SelectField>
      </Show>
      <Show
        when={props.chats.length > 0}
        fallback={
          <p class="chat-sessions-empty">
            {props.totalCount === 0
              ? 'No chats yet. Ask a first question to start one.'
              : 'No chat has this tag. Choose “All chats” to see every chat.'}
          </p>
        }
      >
        <ArrowKeyList class="chat-session-list">
          <For each={props.chats}>
            {(chat) => (
              <li class="chat-session" classList={{ 'chat-session-current': isCurrent(chat) }}>
                <Link
                  to="/chat"
                  search={
                    chat.kind === 'documents'
                      ? { session: chat.id }
                      : props.tagId
                        ? { conversation: chat.id, tag: props.tagId }
                        : { conversation: chat.id }
                  }
                  class="chat-session-link"
                  aria-current={isCurrent(chat) ? 'page' : undefined}
                  activeOptions={{ includeSearch: true }}
                >
                  <span class="chat-session-name">{chat.name}</span>
                  <span class="chat-session-count">{detail(chat)}</span>
                </Link>
                <Show when={chat.kind === 'model' && props.tagsOf(chat.id).length > 0}>
                  <ul class="conv-tags conv-tags-small" aria-label="Tags">
                    <For each={props.tagsOf(chat.id)}>
                      {(tag) => (
                        <li>
                          <TagChip tag={tag} />
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
                <RowActions
                  class="chat-session-actions"
                  name={chat.name}
                  edit="Rename"
                  onEdit={() => props.onRename(chat)}
                  onDelete={() => props.onDelete(chat)}
                />
              </li>
            )}
          </For>
        </ArrowKeyList>
      </Show>
    </nav>
  )
}
