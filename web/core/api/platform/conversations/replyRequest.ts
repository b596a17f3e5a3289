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
  const turns: ChatTurn[] = []
  const prompt = persona?.data.system_prompt
  if (typeof prompt === 'string' && prompt.trim() !== '') turns.push({ role: 'system', content: prompt })
  for (const message of messages.slice(-REPLY_HISTORY)) {
    const sender = message.data.sender
    const role = sender === 'assistant' || sender === 'system' ? sender : 'user'
    turns.push({ role, content: String(message.data.message) })
  }
  const request: Omit<ChatModelRequest, 'signal'> = { messages: turns }
  const settings = persona?.data.model_settings
  if (settings && typeof settings === 'object') {
    const { temperature, max_tokens: maxTokens } = settings as Record<string, unknown>
    if (typeof temperature === 'number') request.temperature = temperature
    if (typeof maxTokens === 'number') request.maxTokens = maxTokens
  }
  return request
}
