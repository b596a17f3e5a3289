import type { ChatModel } from './ChatModel'
import { errorMessageOf, reportedError, unexpectedAnswer, type ProviderTarget } from './providerFetch'
import { parseProviderJson, streamingChatModel } from './streamingChatModel'

export interface OpenAiChatModelOptions {
  /** `http://host:port` or `http://host:port/v1` (both work; `/v1` is not doubled). */
  baseUrl: string
  model: string
  apiKey?: string
  fetch?: typeof fetch
}

/**
 * A chat model behind an OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, vLLM, llama.cpp's
 * server, LM Studio, LiteLLM...), streamed as SSE `data: {choices: [{delta: {content}}]}` until
 * `data: [DONE]`. A stream that ends without `[DONE]` stopped mid-answer, unless a chunk already gave a
 * `finish_reason` (some servers omit `[DONE]`). A server that ignores `stream: true` and answers one
 * JSON completion is accepted too. The call, the stream and its failures: streamingChatModel.
 */
export function openAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const root = openAiRoot(options.baseUrl)
  return streamingChatModel({
    name: 'the OpenAI-compatible server',
    id: `openai:${options.model}`,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    apiKey: options.apiKey,
    headers: {
      accept: 'application/json, text/event-stream',
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
    },
    chat: {
      url: `${root}/chat/completions`,
      accept: 'application/json, text/event-stream',
      body: (request) => ({
        model: options.model,
        messages: request.messages,
        stream: true,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      }),
    },
    whole: completionText,
    frames: 'sse',
    step(event, target) {
      if (event.data === '[DONE]') return { end: true }
      const chunk = parseProviderJson(target, event.data, 'not JSON')
      const error = errorMessageOf((chunk as { error?: unknown } | null)?.error ?? null)
      if (error !== '') throw reportedError(target, error)
      const choice = (
        chunk as { choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }> }
      )?.choices?.[0]
      const content = choice?.delta?.content
      return { text: typeof content === 'string' ? content : '', complete: Boolean(choice?.finish_reason) }
    },
    models: {
      url: `${root}/models`,
      field: 'data',
      names(body) {
        const data = (body as { data?: unknown } | null)?.data
        if (!Array.isArray(data)) return undefined
        return data.flatMap((model: { id?: unknown }) => (typeof model?.id === 'string' ? [model.id] : []))
      },
    },
  })
}

/**
 * The `/v1` root of an OpenAI-compatible base URL. A URL that already names an API version
 * (`.../v1`, Google's `.../v1beta/openai`) is used as given; a bare host gets `/v1`.
 */
export function openAiRoot(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '')
  let path = ''
  try {
    path = new URL(trimmed).pathname
  } catch {
    // An invalid URL fails at fetch time with a worded "Could not reach" error.
  }
  return /\/v\d+[a-z0-9]*(\/|$)/i.test(path) ? trimmed : `${trimmed}/v1`
}

/** The text of one JSON completion (a server that ignored `stream: true`). */
function completionText(body: unknown, target: ProviderTarget): string {
  const completion = body as { choices?: Array<{ message?: { content?: unknown } }>; error?: unknown } | null
  const error = errorMessageOf(completion?.error ?? null)
  if (error !== '') throw reportedError(target, error)
  const content = completion?.choices?.[0]?.message?.content
  if (typeof content !== 'string') throw unexpectedAnswer(target, 'a completion without message content')
  return content
}
