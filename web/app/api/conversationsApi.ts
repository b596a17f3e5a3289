import { postStreamedMessage } from './postStreamedMessage'
import { requestJson } from './requestJson'

/**
 * The platform API's conversations, messages, tags and personas (`/api/v1/...`), as the Conversations
 * screen uses them. In the browser the in-browser API answers; the shapes are those of
 * `web/core/api/platform/`. Lists are read with the largest page the API allows (100): a person's own
 * conversations, tags and personas are few, and the sidebar shows them all.
 */

export interface Conversation {
  id: string
  user_id: string
  title: string | null
  persona_id: string | null
  conversation_type?: string
  model?: string | null
  /** With `model`: the server id (of the person's provider lists) whose model replies; else Settings' choice. */
  server?: string | null
  /** Present where the API embeds the attached tags; the screen reads them from `/tags` lists otherwise. */
  tags?: Tag[]
  created_at: string
  updated_at: string
}

export interface ConversationMessage {
  id: string
  conversation_id?: string
  sender: 'user' | 'assistant' | 'system'
  message: string
  message_metadata?: Record<string, unknown> | null
  created_at: string
}

export interface ConversationWithMessages extends Conversation {
  messages: ConversationMessage[]
}

export interface Tag {
  id: string
  name: string
  color: string
  user_id?: string
  created_at?: string
}

export interface ModelSettings {
  temperature?: number
  max_tokens?: number
}

export interface PersonaInput {
  name: string
  description: string
  system_prompt: string
  model_settings: ModelSettings
  avatar?: string | null
  tags: string[]
  sample_greeting: string
  is_active: boolean
}

export interface Persona extends PersonaInput {
  id: string
  created_at: string
  updated_at: string
}

interface PersonaList {
  personas: Persona[]
  total_items: number
}

const V1 = '/api/v1'
const enc = encodeURIComponent
const conversationPath = (id: string) => `${V1}/conversations/${enc(id)}`

/**
 * A list endpoint's items, whether it answers a bare array or the pagination envelope `{items, ...}`:
 * the spec leaves open which platform lists are paginated.
 */
export function listItems<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[]
  if (body && typeof body === 'object') {
    for (const key of ['items', 'conversations', 'tags']) {
      const value = (body as Record<string, unknown>)[key]
      if (Array.isArray(value)) return value as T[]
    }
  }
  return []
}

/** The signed-in (or local) user's id, which the per-user lists are addressed by. */
export async function currentUserId(signal?: AbortSignal): Promise<string> {
  const me = await requestJson<{ id: string }>(`${V1}/auth/me`, { signal })
  return me.id
}

export async function listConversations(userId: string, signal?: AbortSignal): Promise<Conversation[]> {
  const body = await requestJson<unknown>(`${V1}/users/${enc(userId)}/conversations?limit=100`, { signal })
  return listItems<Conversation>(body)
}

export function createConversation(title: string, personaId: string | null): Promise<Conversation> {
  return requestJson<Conversation>(`${V1}/conversations`, {
    method: 'POST',
    body: { title, persona_id: personaId ?? undefined, conversation_type: 'chat' },
  })
}

export function getConversation(id: string, signal?: AbortSignal): Promise<ConversationWithMessages> {
  return requestJson<ConversationWithMessages>(`${conversationPath(id)}/with-messages`, { signal })
}

export function renameConversation(id: string, title: string): Promise<Conversation> {
  return requestJson<Conversation>(conversationPath(id), { method: 'PUT', body: { title } })
}

export function setConversationPersona(id: string, personaId: string | null): Promise<Conversation> {
  return requestJson<Conversation>(`${conversationPath(id)}/persona`, {
    method: 'PUT',
    body: { persona_id: personaId },
  })
}

/** The model that replies in this conversation (`null`s: the one chosen in Settings). */
export function setConversationModel(
  id: string,
  model: string | null,
  server: string | null,
): Promise<Conversation> {
  return requestJson<Conversation>(conversationPath(id), { method: 'PUT', body: { model, server } })
}

export function deleteConversation(id: string): Promise<void> {
  return requestJson<void>(conversationPath(id), { method: 'DELETE' })
}

/** A message from the person; `assistant` only where an earlier exchange is carried over (a chat switched to a model). */
export function postMessage(
  id: string,
  message: string,
  sender: 'user' | 'assistant' = 'user',
): Promise<ConversationMessage> {
  return requestJson<ConversationMessage>(`${conversationPath(id)}/messages`, {
    method: 'POST',
    body: { sender, message },
  })
}

/**
 * Streams the assistant's reply to the conversation so far (`POST .../reply`, SSE `token`/`done`/`error`)
 * and resolves with the stored message. A refusal before the stream starts (409: no language model is
 * configured) and an `error` event alike reject with ApiRequestError; aborting `signal` stops the reply
 * and rejects with the abort's error.
 */
export function streamReply(
  id: string,
  onToken: (text: string) => void,
  signal: AbortSignal,
): Promise<ConversationMessage> {
  return postStreamedMessage<ConversationMessage>({
    path: `${conversationPath(id)}/reply`,
    body: { stream: true },
    signal,
    noun: 'reply',
    onEvent: (event, data) => {
      if (event === 'token') onToken(String(data.text ?? ''))
    },
  })
}

export async function listTags(userId: string, signal?: AbortSignal): Promise<Tag[]> {
  return listItems<Tag>(await requestJson<unknown>(`${V1}/users/${enc(userId)}/tags?limit=100`, { signal }))
}

export function createTag(name: string, color: string): Promise<Tag> {
  return requestJson<Tag>(`${V1}/tags`, { method: 'POST', body: { name, color } })
}

export function attachTag(conversationId: string, tagId: string): Promise<unknown> {
  return requestJson<unknown>(`${conversationPath(conversationId)}/tags`, {
    method: 'POST',
    body: { tag_id: tagId },
  })
}

export function detachTag(conversationId: string, tagId: string): Promise<void> {
  return requestJson<void>(`${conversationPath(conversationId)}/tags/${enc(tagId)}`, { method: 'DELETE' })
}

export async function listTagConversations(tagId: string, signal?: AbortSignal): Promise<Conversation[]> {
  const body = await requestJson<unknown>(`${V1}/tags/${enc(tagId)}/conversations?limit=100`, { signal })
  return listItems<Conversation>(body)
}

export async function listPersonas(signal?: AbortSignal): Promise<Persona[]> {
  const list = await requestJson<PersonaList>(`${V1}/personas?limit=100&offset=0`, { signal })
  return list.personas
}

export function createPersona(input: PersonaInput): Promise<Persona> {
  return requestJson<Persona>(`${V1}/personas`, { method: 'POST', body: input })
}

export function updatePersona(id: string, input: Partial<PersonaInput>): Promise<Persona> {
  return requestJson<Persona>(`${V1}/personas/${enc(id)}`, { method: 'PUT', body: input })
}

export function deletePersona(id: string): Promise<void> {
  return requestJson<void>(`${V1}/personas/${enc(id)}`, { method: 'DELETE' })
}
