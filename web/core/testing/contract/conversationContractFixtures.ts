import type { ContractClient } from './ContractClient'
import { call, callerId, unique } from './recordContractFixtures'

export const V1 = '/api/v1'
export const CONVERSATIONS = `${V1}/conversations`

/** Conversations and personas as the conversations, tags and personas contracts make and read them. */
export interface ConversationBody {
  id: string
  user_id: string
  title: string | null
  persona_id: string | null
  conversation_type: string
  tags: Array<{ id: string; name: string; color: string }>
  created_at: string
  updated_at: string
  [field: string]: unknown
}

export function newConversation(
  client: ContractClient,
  json: Record<string, unknown> = {},
): Promise<ConversationBody> {
  return call<ConversationBody>(client, 'POST', CONVERSATIONS, { title: unique('Talk'), ...json }, 201)
}

export function getConversation(client: ContractClient, id: string): Promise<ConversationBody> {
  return call<ConversationBody>(client, 'GET', `${CONVERSATIONS}/${id}`, undefined, 200)
}

export async function newPersona(
  client: ContractClient,
  json: Record<string, unknown> = {},
): Promise<{ id: string }> {
  return call<{ id: string }>(client, 'POST', `${V1}/personas`, { name: unique('Persona'), ...json }, 201)
}

export interface MessageBody {
  id: string
  conversation_id: string
  sender: string
  message: string
  message_metadata: Record<string, unknown>
  created_at: string
}

/** The caller's conversations: a bare array, as BrainDrive answers it (the chat plugin reads the array). */
export async function userConversations(
  client: ContractClient,
  query = 'limit=100',
): Promise<ConversationBody[]> {
  return call<ConversationBody[]>(
    client,
    'GET',
    `${V1}/users/${await callerId(client)}/conversations?${query}`,
    undefined,
    200,
  )
}

export function say(
  client: ContractClient,
  id: string,
  sender: string,
  message: string,
): Promise<MessageBody> {
  return call<MessageBody>(client, 'POST', `${CONVERSATIONS}/${id}/messages`, { sender, message }, 201)
}
