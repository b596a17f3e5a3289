import { readSse } from '../http/readSse'
import type { ChatModel, ChatModelRequest } from './ChatModel'
import type { GeneratorError } from './GeneratorError'
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
 * JSON completion is accepted too.
 */
export function openAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const root = openAiRoot(options.baseUrl)
  const target: ProviderTarget = {
    name: 'the OpenAI-compatible server',
    baseUrl: options.baseUrl,
    fetch: fetchOrGlobal(options.fetch),
  }
  const headers = (): Record<string, string> => ({
    accept: 'application/json, text/event-stream',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  })

  async function* stream(request: ChatModelRequest): AsyncGenerator<string> {
    const { signal } = request
    const response = await providerFetch(target, `${root}/chat/completions`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        model: options.model,
        messages: request.messages,
        stream: true,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      }),
      signal,
    })
    if (!response.body) throw endedEarly(target)
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const content = await readCompletion(target, response, signal)
      if (content !== '') yield content
      return
    }
    let finished = false
    try {
      for await (const event of readSse(response.body, signal)) {
        if (event.data === '[DONE]') return
        const chunk = parseJson(target, event.data)
        const error = errorMessageOf((chunk as { error?: unknown } | null)?.error ?? null)
        if (error !== '') throw reportedError(target, error)
        const choice = (
          chunk as { choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }> }
        )?.choices?.[0]
        const content = choice?.delta?.content
        if (typeof content === 'string' && content !== '') yield content
        if (choice?.finish_reason) finished = true
      }
    } catch (error) {
      throw midAnswerFailure(target, error, signal)
    }
    if (!finished) throw endedEarly(target)
  }

  const model: ChatModel = {
    id: `openai:${options.model}`,
    stream,
    async listModels(listOptions = {}) {
      const response = await providerFetch(target, `${root}/models`, {
        headers: headers(),
        signal: listOptions.signal,
      })
      const body = (await readJson(target, response, listOptions.signal)) as { data?: unknown } | null
      if (!Array.isArray(body?.data)) throw notAModelList(target)
      return body.data.flatMap((model: { id?: unknown }) => (typeof model?.id === 'string' ? [model.id] : []))
    },
  }
  return options.apiKey ? withKeyRedacted(model, options.apiKey) : model
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

async function readCompletion(
  target: ProviderTarget,
  response: Response,
  signal?: AbortSignal,
): Promise<string> {
  const body = (await readJson(target, response, signal)) as {
    choices?: Array<{ message?: { content?: unknown } }>
    error?: unknown
  } | null
  const error = errorMessageOf(body?.error ?? null)
  if (error !== '') throw reportedError(target, error)
  const content = body?.choices?.[0]?.message?.content
  if (typeof content !== 'string') throw unexpectedAnswer(target, 'a completion without message content')
  return content
}

async function readJson(target: ProviderTarget, response: Response, signal?: AbortSignal): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw midAnswerFailure(target, error, signal)
  }
  return parseJson(target, text)
}

function parseJson(target: ProviderTarget, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // What it sent instead is not quoted: it may be a page the person could not otherwise read.
    throw unexpectedAnswer(target, 'not JSON')
  }
}

function notAModelList(target: ProviderTarget): GeneratorError {
  return unexpectedAnswer(target, 'a model list without `data`')
}
