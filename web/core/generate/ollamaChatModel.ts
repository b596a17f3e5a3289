import { readNdjson } from '../http/readNdjson'
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

export interface OllamaChatModelOptions {
  /** `http://localhost:11434`; a pasted `.../api` or `.../v1` suffix is dropped. */
  baseUrl: string
  model: string
  fetch?: typeof fetch
}

/**
 * A chat model served by Ollama's native `/api/chat`, streamed as NDJSON: `{message: {content}, done:
 * false}` lines, then one `{done: true}`. A stream that ends without `done: true` stopped mid-answer;
 * an `{error}` line (a model that crashed while generating) is reported as the provider's error.
 */
export function ollamaChatModel(options: OllamaChatModelOptions): ChatModel {
  const root = ollamaRoot(options.baseUrl)
  const target: ProviderTarget = {
    name: 'Ollama',
    baseUrl: options.baseUrl,
    fetch: fetchOrGlobal(options.fetch),
  }

  async function* stream(request: ChatModelRequest): AsyncGenerator<string> {
    const { signal } = request
    const modelOptions = {
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { num_predict: request.maxTokens }),
    }
    const response = await providerFetch(target, `${root}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({
        model: options.model,
        messages: request.messages,
        stream: true,
        ...(Object.keys(modelOptions).length > 0 ? { options: modelOptions } : {}),
      }),
      signal,
    })
    if (!response.body) throw endedEarly(target)
    try {
      for await (const line of readNdjson(response.body, signal)) {
        const chunk = line as { message?: { content?: unknown }; done?: unknown; error?: unknown } | null
        const error = errorMessageOf(chunk?.error ?? null)
        if (error !== '') throw reportedError(target, error)
        const content = chunk?.message?.content
        if (typeof content === 'string' && content !== '') yield content
        if (chunk?.done === true) return
      }
    } catch (error) {
      // readNdjson quotes the line; the person is not shown it (it may be a page they could not read).
      if (error instanceof SyntaxError) throw unexpectedAnswer(target, 'a line that is not JSON')
      throw midAnswerFailure(target, error, signal)
    }
    throw endedEarly(target)
  }

  return {
    id: `ollama:${options.model}`,
    stream,
    async listModels(listOptions = {}) {
      const response = await providerFetch(target, `${root}/api/tags`, { signal: listOptions.signal })
      let body: { models?: unknown } | null
      try {
        body = JSON.parse(await response.text()) as { models?: unknown } | null
      } catch (error) {
        if (error instanceof SyntaxError) throw unexpectedAnswer(target, 'not JSON')
        throw midAnswerFailure(target, error, listOptions.signal)
      }
      if (!Array.isArray(body?.models)) throw unexpectedAnswer(target, 'a model list without `models`')
      return body.models.flatMap((model: { name?: unknown; model?: unknown }) => {
        const name = model?.name ?? model?.model
        return typeof name === 'string' ? [name] : []
      })
    },
  }
}

/** Ollama's root: its native API lives at `/api/...`, so a pasted `/api` or OpenAI-style `/v1` goes. */
export function ollamaRoot(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/(api|v1)$/i, '')
}
