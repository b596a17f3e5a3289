import type { ApiPorts } from '../../ApiPorts'
import type { RecordWrite, StoredRecord } from '../../../store/StoredRecord'
import { personaKind } from '../../../records/kinds/personaKind'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { tagKind } from '../../../records/kinds/tagKind'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { conversationTagKind } from '../../../records/kinds/conversationTagKind'
import { messageKind } from '../../../records/kinds/messageKind'

export type MessageSender = 'user' | 'assistant' | 'system'

export function requireConversation(ports: RecordPorts, id: string): Promise<StoredRecord> {
  return conversationKind.require(ports, id)
}

/** A persona named by a request body must exist (404 otherwise); null and undefined pass. */
export async function requirePersonaIfNamed(
  ports: RecordPorts,
  personaId: string | null | undefined,
): Promise<void> {
  if (personaId) await personaKind.require(ports, personaId)
}

function byName(a: Record<string, unknown>, b: Record<string, unknown>): number {
  return String(a.name).localeCompare(String(b.name), undefined, { sensitivity: 'base' })
}

/**
 * Conversations as the API shows them: their fields with `tags`, the attached tag objects sorted by
 * name. Links are read once for the whole list (all of them for several conversations, only the
 * conversation's own for one).
 */
export async function conversationViews(
  ports: RecordPorts,
  records: readonly StoredRecord[],
): Promise<Array<Record<string, unknown>>> {
  if (records.length === 0) return []
  const only = records.length === 1 ? records[0] : undefined
  const [links, tags] = await Promise.all([conversationTagKind.list(ports, only?.id), tagKind.list(ports)])
  const tagById = new Map(tags.map((tag) => [tag.id, recordView(tag)]))
  const tagsOf = new Map<string, Array<Record<string, unknown>>>()
  for (const link of links) {
    const tag = tagById.get(String(link.data.tag_id))
    if (!tag || !link.parent_id) continue
    tagsOf.set(link.parent_id, [...(tagsOf.get(link.parent_id) ?? []), tag])
  }
  return records.map((record) => ({
    ...recordView(record),
    tags: (tagsOf.get(record.id) ?? []).sort(byName),
  }))
}

export async function conversationView(
  ports: RecordPorts,
  record: StoredRecord,
): Promise<Record<string, unknown>> {
  const [view] = await conversationViews(ports, [record])
  return view!
}

/** A conversation's messages, oldest first. */
export async function conversationMessages(
  ports: RecordPorts,
  conversationId: string,
): Promise<StoredRecord[]> {
  return messageKind.list(ports, conversationId)
}

/**
 * Stores a message in a conversation and moves the conversation's `updated_at` to the message's
 * time, both in one write. Rejects with 404 when the conversation is gone (deleted while a reply was
 * being generated). For other platform routes too (the AI providers' chat with a `conversation_id`).
 */
export async function addConversationMessage(
  ports: Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts,
  conversationId: string,
  fields: { sender: MessageSender; message: string; message_metadata: Record<string, unknown> },
): Promise<StoredRecord> {
  const conversation = await requireConversation(ports, conversationId)
  const message = messageKind.create(ports, { conversation_id: conversationId, ...fields }, conversationId)
  await ports.store.records.writeRecords([
    { put: message },
    { put: { ...conversation, updated_at: message.created_at } },
  ])
  return message
}

/** Deleting a conversation takes its messages and tag links with it (one atomic batch). */
export async function conversationDeletion(
  ports: RecordPorts,
  conversationId: string,
): Promise<RecordWrite[]> {
  const [messages, links] = await Promise.all([
    conversationMessages(ports, conversationId),
    conversationTagKind.list(ports, conversationId),
  ])
  return [
    ...messages.map((message) => ({ delete: { kind: messageKind.kind, id: message.id } })),
    ...links.map((link) => ({ delete: { kind: conversationTagKind.kind, id: link.id } })),
    { delete: { kind: conversationKind.kind, id: conversationId } },
  ]
}
