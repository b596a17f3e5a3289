import { Link } from '@tanstack/solid-router'
import { createUniqueId, For, Show } from 'solid-js'
import type { Conversation, Persona, Tag } from '../api/conversationsApi'
import { conversationTitle } from './conversationOrder'
import { TagChip } from './TagChip'

export interface ConversationListProps {
  /** Already filtered and ordered. */
  conversations: Conversation[]
  /** How many there are without the filter: tells "none yet" from "none with this tag". */
  totalCount: number
  currentId: string | undefined
  tags: Tag[]
  tagId: string | undefined
  personas: Persona[]
  tagsOf: (conversationId: string) => Tag[]
  newButtonRef: (element: HTMLButtonElement) => void
  onNew: () => void
  onFilter: (tagId: string | undefined) => void
}

/** The sidebar: "New conversation", the tag filter, and the conversations, latest activity first. */
export function ConversationList(props: ConversationListProps) {
  const filterId = createUniqueId()
  const personaName = (id: string | null) => props.personas.find((persona) => persona.id === id)?.name

  return (
    <nav class="chat-sessions" aria-label="Conversation list">
      <button
        ref={props.newButtonRef}
        type="button"
        class="button button-primary"
        onClick={() => props.onNew()}
      >
        New conversation
      </button>
      <div class="field conv-filter">
        <label class="field-label" for={filterId}>
          Filter by tag
        </label>
        <select
          id={filterId}
          class="input"
          value={props.tagId ?? ''}
          onChange={(event) => props.onFilter(event.currentTarget.value || undefined)}
        >
          <option value="">All tags</option>
          <For each={props.tags}>{(tag) => <option value={tag.id}>{tag.name}</option>}</For>
        </select>
      </div>
      <Show
        when={props.conversations.length > 0}
        fallback={
          <p class="chat-sessions-empty">
            {props.totalCount === 0
              ? 'No conversations yet. Start one with “New conversation”.'
              : 'No conversation has this tag. Choose “All tags” to see every conversation.'}
          </p>
        }
      >
        <ul class="chat-session-list">
          <For each={props.conversations}>
            {(conversation) => (
              <li
                class="chat-session"
                classList={{ 'chat-session-current': conversation.id === props.currentId }}
              >
                <Link
                  to="/conversations"
                  search={props.tagId ? { id: conversation.id, tag: props.tagId } : { id: conversation.id }}
                  class="chat-session-link"
                  aria-current={conversation.id === props.currentId ? 'page' : undefined}
                  activeOptions={{ includeSearch: true }}
                >
                  <span class="chat-session-name">{conversationTitle(conversation)}</span>
                  <Show when={personaName(conversation.persona_id)}>
                    {(name) => <span class="chat-session-count">With {name()}</span>}
                  </Show>
                </Link>
                <Show when={props.tagsOf(conversation.id).length > 0}>
                  <ul class="conv-tags conv-tags-small" aria-label="Tags">
                    <For each={props.tagsOf(conversation.id)}>
                      {(tag) => (
                        <li>
                          <TagChip tag={tag} />
                        </li>
                      )}
                    </For>
                  </ul>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </nav>
  )
}
