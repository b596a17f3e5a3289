import type { ChatModel } from './ChatModel'
import { errorMessageOf, reportedError } from './providerFetch'
import { parseProviderJson, streamingChatModel } from './streamingChatModel'

export interface AnthropicChatModelOptions {
  /** `https://api.anthropic.com` (a pasted `/v1` is not doubled). */
  baseUrl: string
  model: string
  apiKey: string
  fetch?: typeof fetch
}

/** The Messages API version Quire speaks (its event names and fields). */
export const ANTHROPIC_VERSION = '2023-06-01'

/**
 * The Messages API needs `max_tokens`; a request that sets none gets this many (a long answer, well
 * under every current model's output limit).
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096

/**
 * A chat model behind Anthropic's Messages API (`POST /v1/messages`, `stream: true`): SSE events
 * `content_block_delta` (`delta.text`) until `message_stop`; an `error` event is the provider's own
 * error. System turns travel in the top-level `system` field (the API takes no `system` role), joined
 * in order. A stream that ends without `message_stop` stopped mid-answer. The key goes in `x-api-key`
 * and is cut out of every error (servers echo it). The call, the stream and its failures:
 * streamingChatModel.
 */
export function anthropicChatModel(options: AnthropicChatModelOptions): ChatModel {
  const root = anthropicRoot(options.baseUrl)
  return streamingChatModel({
    name: 'Anthropic',
    id: `anthropic:${options.model}`,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    apiKey: options.apiKey,
    headers: { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
    chat: {
      url: `${root}/v1/messages`,
      accept: 'text/event-stream',
      body(request) {
        const system = request.messages
          .filter((turn) => turn.role === 'system')
          .map((turn) => turn.content)
          .join('\n\n')
        const messages = request.messages
          .filter((turn) => turn.role !== 'system')
          .map((turn) => ({ role: turn.role, content: turn.content }))
        return {
          model: options.model,
          messages,
          ...(system === '' ? {} : { system }),
          max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          stream: true,
        }
      },
    },
    frames: 'sse',
    step(event, target) {
      const data = parseProviderJson(target, event.data, 'an event that is not JSON') as {
        type?: unknown
        delta?: { text?: unknown }
        error?: unknown
      } | null
      const type = data?.type ?? event.event
      if (type === 'error')
        throw reportedError(target, errorMessageOf(data?.error ?? data) || 'unknown error')
      const text = type === 'content_block_delta' ? data?.delta?.text : undefined
      return { text: typeof text === 'string' ? text : '', end: type === 'message_stop' }
    },
    models: {
      url: `${root}/v1/models`,
      field: 'data',
      names(body) {
        const data = (body as { data?: unknown } | null)?.data
        if (!Array.isArray(data)) return undefined
        return data.flatMap((item: { id?: unknown }) => (typeof item?.id === 'string' ? [item.id] : []))
      },
    },
  })
}

/** The API's root: a pasted `/v1` (or `/v1/messages`) goes, since paths are added with it. */
export function anthropicRoot(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v1(\/messages)?$/i, '')
}
