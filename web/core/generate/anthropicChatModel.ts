import { readSse } from '../http/readSse'
import type { ChatModel, ChatModelRequest } from './ChatModel'
import {
  endedEarly,
  errorMessageOf,
  fetchOrGlobal,
  midAnswerFailure,
  providerFetch,
  reportedError,
  unexpectedAnswer,
  type ProviderTarget,
} from './providerFetch'
import { withKeyRedacted } from './withKeyRedacted'

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
 * and is cut out of every error (servers echo it).
 */
export function anthropicChatModel(options: AnthropicChatModelOptions): ChatModel {
  const root = anthropicRoot(options.baseUrl)
  const target: ProviderTarget = {
    name: 'Anthropic',
    baseUrl: options.baseUrl,
    fetch: fetchOrGlobal(options.fetch),
  }
  const headers = (): Record<string, string> => ({
    'x-api-key': options.apiKey,
    'anthropic-version': ANTHROPIC_VERSION,
  })

  async function* stream(request: ChatModelRequest): AsyncGenerator<string> {
    const { signal } = request
    const system = request.messages
      .filter((turn) => turn.role === 'system')
      .map((turn) => turn.content)
      .join('\n\n')
    const messages = request.messages
      .filter((turn) => turn.role !== 'system')
      .map((turn) => ({ role: turn.role, content: turn.content }))
    const response = await providerFetch(target, `${root}/v1/messages`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        model: options.model,
        messages,
        ...(system === '' ? {} : { system }),
        max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        stream: true,
      }),
      signal,
    })
    if (!response.body) throw endedEarly(target)
    try {
      for await (const event of readSse(response.body, signal)) {
        let data: { type?: unknown; delta?: { text?: unknown }; error?: unknown } | null
        try {
          data = JSON.parse(event.data) as typeof data
        } catch {
          throw unexpectedAnswer(target, 'an event that is not JSON')
        }
        const type = data?.type ?? event.event
        if (type === 'error')
          throw reportedError(target, errorMessageOf(data?.error ?? data) || 'unknown error')
        if (type === 'content_block_delta') {
          const text = data?.delta?.text
          if (typeof text === 'string' && text !== '') yield text
        }
        if (type === 'message_stop') return
      }
    } catch (error) {
      throw midAnswerFailure(target, error, signal)
    }
    throw endedEarly(target)
  }

  const model: ChatModel = {
    id: `anthropic:${options.model}`,
    stream,
    async listModels(listOptions = {}) {
      const response = await providerFetch(target, `${root}/v1/models`, {
        headers: headers(),
        signal: listOptions.signal,
      })
      let body: { data?: unknown } | null
      try {
        body = JSON.parse(await response.text()) as { data?: unknown } | null
      } catch (error) {
        if (error instanceof SyntaxError) throw unexpectedAnswer(target, 'not JSON')
        throw midAnswerFailure(target, error, listOptions.signal)
      }
      if (!Array.isArray(body?.data)) throw unexpectedAnswer(target, 'a model list without `data`')
      return body.data.flatMap((item: { id?: unknown }) => (typeof item?.id === 'string' ? [item.id] : []))
    },
  }
  return options.apiKey ? withKeyRedacted(model, options.apiKey) : model
}

/** The API's root: a pasted `/v1` (or `/v1/messages`) goes, since paths are added with it. */
export function anthropicRoot(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v1(\/messages)?$/i, '')
}
