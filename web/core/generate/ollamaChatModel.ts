import type { ChatModel } from './ChatModel'
import { errorMessageOf, reportedError } from './providerFetch'
import { streamingChatModel } from './streamingChatModel'

export interface OllamaChatModelOptions {
  /** `http://localhost:11434`; a pasted `.../api` or `.../v1` suffix is dropped. */
  baseUrl: string
  model: string
  fetch?: typeof fetch
}

/**
 * A chat model served by Ollama's native `/api/chat`, streamed as NDJSON: `{message: {content}, done:
 * false}` lines, then one `{done: true}`. A stream that ends without `done: true` stopped mid-answer;
 * an `{error}` line (a model that crashed while generating) is reported as the provider's error. The
 * call, the stream and its failures: streamingChatModel.
 */
export function ollamaChatModel(options: OllamaChatModelOptions): ChatModel {
  const root = ollamaRoot(options.baseUrl)
  return streamingChatModel({
    name: 'Ollama',
    id: `ollama:${options.model}`,
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    chat: {
      url: `${root}/api/chat`,
      accept: 'application/x-ndjson',
      body(request) {
        const modelOptions = {
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          ...(request.maxTokens === undefined ? {} : { num_predict: request.maxTokens }),
        }
        return {
          model: options.model,
          messages: request.messages,
          stream: true,
          ...(Object.keys(modelOptions).length > 0 ? { options: modelOptions } : {}),
        }
      },
    },
    frames: 'ndjson',
    step(line, target) {
      const chunk = line as { message?: { content?: unknown }; done?: unknown; error?: unknown } | null
      const error = errorMessageOf(chunk?.error ?? null)
      if (error !== '') throw reportedError(target, error)
      const content = chunk?.message?.content
      return { text: typeof content === 'string' ? content : '', end: chunk?.done === true }
    },
    models: {
      url: `${root}/api/tags`,
      field: 'models',
      names(body) {
        const models = (body as { models?: unknown } | null)?.models
        if (!Array.isArray(models)) return undefined
        return models.flatMap((model: { name?: unknown; model?: unknown }) => {
          const name = model?.name ?? model?.model
          return typeof name === 'string' ? [name] : []
        })
      },
    },
  })
}

/** Ollama's root: its native API lives at `/api/...`, so a pasted `/api` or OpenAI-style `/v1` goes. */
export function ollamaRoot(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/(api|v1)$/i, '')
}
