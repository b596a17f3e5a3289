import { readSse, type SseEvent } from '../../web/core/http/readSse'

/** One streamed answer, timed from sending the request. */
export interface StreamTiming {
  /** Milliseconds to the first event that carried text. */
  ttftMs: number
  /** Milliseconds from the first text to the end of the stream. */
  streamMs: number
  /** Every piece of text, joined: the caller checks it is the whole answer. */
  text: string
}

/**
 * Sends `request()` and reads its server-sent events, taking text from each with `textOf` (undefined
 * or '' for events that carry none: sources, `[DONE]`, the stored message). A non-2xx answer throws
 * with its body, so a broken path cannot pass for a fast one.
 */
export async function timeTokenStream(
  request: () => Promise<Response>,
  textOf: (event: SseEvent) => string | undefined,
): Promise<StreamTiming> {
  const started = performance.now()
  const response = await request()
  if (!response.ok || !response.body) {
    throw new Error(`stream answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
  }
  let first = Number.NaN
  let text = ''
  for await (const event of readSse(response.body)) {
    const piece = textOf(event)
    if (!piece) continue
    if (Number.isNaN(first)) first = performance.now()
    text += piece
  }
  const ended = performance.now()
  if (Number.isNaN(first)) throw new Error('the stream carried no text')
  return { ttftMs: first - started, streamMs: ended - first, text }
}

/** The text of an OpenAI-style chunk (`choices[0].delta.content`), '' for `[DONE]` or anything else. */
export function openAiChunkText(event: SseEvent): string | undefined {
  if (event.data === '[DONE]') return undefined
  const chunk = JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: string } }> }
  return chunk.choices?.[0]?.delta?.content
}
