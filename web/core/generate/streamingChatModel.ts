import { readNdjson } from '../http/readNdjson'
import { readSse, type SseEvent } from '../http/readSse'
import type { ChatModel, ChatModelRequest } from './ChatModel'
import {
  endedEarly,
  fetchOrGlobal,
  midAnswerFailure,
  providerFetch,
  unexpectedAnswer,
  type ProviderTarget,
} from './providerFetch'
import { withKeyRedacted } from './withKeyRedacted'

/** What one frame of a provider's stream says, once its wire format is read. */
export interface StreamStep {
  /** Text to hand on (an empty string hands on nothing). */
  text?: string
  /** The provider's end marker: reading stops here, the answer is whole. */
  end?: boolean
  /** The answer is known to be whole even if the stream then ends without its end marker. */
  complete?: boolean
}

interface WireBase {
  /** 'Ollama', 'the OpenAI-compatible server': for messages. */
  name: string
  /** `ollama:llama3.2`. */
  id: string
  baseUrl: string
  fetch?: typeof fetch
  /** Cut out of every error (servers echo it); none for a provider without a key. */
  apiKey?: string
  /** Headers of every call (keys, versions). */
  headers?: Record<string, string>
  /** The streamed chat call: its URL, `accept` and JSON body. */
  chat: { url: string; accept: string; body(request: ChatModelRequest): unknown }
  /**
   * Where given, a server that ignored `stream: true` and answered one JSON body is accepted: its
   * text (or a thrown GeneratorError).
   */
  whole?(body: unknown, target: ProviderTarget): string
  /** The model list call: its URL, the field that holds the list, and the names in it. */
  models: { url: string; field: string; names(body: unknown): string[] | undefined }
}

/** A provider's wire format: SSE events or NDJSON lines, each read into a StreamStep (or thrown). */
export type ChatWire =
  | (WireBase & { frames: 'sse'; step(event: SseEvent, target: ProviderTarget): StreamStep })
  | (WireBase & { frames: 'ndjson'; step(line: unknown, target: ProviderTarget): StreamStep })

/**
 * The one skeleton every HTTP chat provider shares: the outbound call (`providerFetch`: reachability,
 * HTTP errors and policy refusals worded for people), the stream read frame by frame with the
 * request's AbortSignal (abort throws its reason), mid-answer failures and a stream that ends before
 * its end marker mapped to GeneratorErrors, the model list, and the key redacted from every error.
 * A provider writes only its wire format (ChatWire).
 */
export function streamingChatModel(wire: ChatWire): ChatModel {
  const target: ProviderTarget = { name: wire.name, baseUrl: wire.baseUrl, fetch: fetchOrGlobal(wire.fetch) }
  const headers = wire.headers ?? {}

  async function* stream(request: ChatModelRequest): AsyncGenerator<string> {
    const { signal } = request
    const response = await providerFetch(target, wire.chat.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: wire.chat.accept },
      body: JSON.stringify(wire.chat.body(request)),
      signal,
    })
    if (!response.body) throw endedEarly(target)
    if (wire.whole && (response.headers.get('content-type') ?? '').includes('application/json')) {
      const text = wire.whole(await readJsonBody(target, response, signal), target)
      if (text !== '') yield text
      return
    }
    let complete = false
    try {
      for await (const step of steps(wire, target, response.body, signal)) {
        if (step.text) yield step.text
        if (step.complete) complete = true
        if (step.end) return
      }
    } catch (error) {
      // readNdjson quotes the line; the person is not shown it (it may be a page they could not read).
      if (wire.frames === 'ndjson' && error instanceof SyntaxError) {
        throw unexpectedAnswer(target, 'a line that is not JSON')
      }
      throw midAnswerFailure(target, error, signal)
    }
    if (!complete) throw endedEarly(target)
  }

  const model: ChatModel = {
    id: wire.id,
    stream,
    async listModels(listOptions = {}) {
      const response = await providerFetch(target, wire.models.url, { headers, signal: listOptions.signal })
      const names = wire.models.names(await readJsonBody(target, response, listOptions.signal))
      if (!names) throw unexpectedAnswer(target, `a model list without \`${wire.models.field}\``)
      return names
    },
  }
  return wire.apiKey ? withKeyRedacted(model, wire.apiKey) : model
}

function steps(
  wire: ChatWire,
  target: ProviderTarget,
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncIterable<StreamStep> {
  if (wire.frames === 'sse') return mapFrames(readSse(body, signal), (event) => wire.step(event, target))
  return mapFrames(readNdjson(body, signal), (line) => wire.step(line, target))
}

async function* mapFrames<T>(
  frames: AsyncIterable<T>,
  step: (frame: T) => StreamStep,
): AsyncGenerator<StreamStep> {
  for await (const frame of frames) yield step(frame)
}

/** A whole JSON body: a read that fails is a mid-answer failure, text that is not JSON an unexpected answer. */
export async function readJsonBody(
  target: ProviderTarget,
  response: Response,
  signal?: AbortSignal,
): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw midAnswerFailure(target, error, signal)
  }
  return parseProviderJson(target, text, 'not JSON')
}

/** JSON from a provider; what it sent instead is not quoted (it may be a page the person could not otherwise read). */
export function parseProviderJson(target: ProviderTarget, text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw unexpectedAnswer(target, what)
  }
}
