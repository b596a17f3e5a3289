import type { ChatModelRequest, ChatTurn } from '../../../generate/ChatModel'
import type { StoredRecord } from '../../../store/StoredRecord'

/**
 * Messages a reply sends at most: the latest ones. A long conversation would otherwise outgrow any
 * model's context and fail outright; the persona's system prompt is always kept.
 */
export const REPLY_HISTORY = 100

/**
 * What `POST /api/v1/conversations/{id}/reply` asks the model: the persona's system prompt first
 * (when there is a persona with one), then the conversation's latest messages in order, each
 * sender as its chat role; the persona's `temperature` and `max_tokens` when it sets them.
 */
export function replyRequest(
  persona: StoredRecord | undefined,
  messages: readonly StoredRecord[],
): Omit<ChatModelRequest, 'signal'> {
  return withPersona(persona, historyTurns(messages))
}

/** Stored messages as chat turns, the latest `REPLY_HISTORY` in order, each sender as its role. */
export function historyTurns(messages: readonly StoredRecord[]): ChatTurn[] {
  return messages.slice(-REPLY_HISTORY).map((message) => {
    const sender = message.data.sender
    const role = sender === 'assistant' || sender === 'system' ? sender : 'user'
    return { role, content: String(message.data.message) }
  })
}

/**
 * A request of `turns` with the persona applied: its system prompt first (when it has one), its
 * `temperature` and `max_tokens` over `base` (what the caller asked for) where it sets them. Shared by
 * the conversation reply and `/api/v1/ai/providers/chat`.
 */
export function withPersona(
  persona: StoredRecord | undefined,
  turns: readonly ChatTurn[],
  base: Pick<ChatModelRequest, 'temperature' | 'maxTokens'> = {},
): Omit<ChatModelRequest, 'signal'> {
  const prompt = persona?.data.system_prompt
  const system: ChatTurn[] =
    typeof prompt === 'string' && prompt.trim() !== '' ? [{ role: 'system', content: prompt }] : []
  const request: Omit<ChatModelRequest, 'signal'> = { messages: [...system, ...turns] }
  if (base.temperature !== undefined) request.temperature = base.temperature
  if (base.maxTokens !== undefined) request.maxTokens = base.maxTokens
  const settings = persona?.data.model_settings
  if (settings && typeof settings === 'object') {
    const { temperature, max_tokens: maxTokens } = settings as Record<string, unknown>
    if (typeof temperature === 'number') request.temperature = temperature
    if (typeof maxTokens === 'number') request.maxTokens = maxTokens
  }
  return request
}
