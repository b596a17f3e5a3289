import type { SseEvent } from '../web/core/http/readSse'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { seedChatSession } from '../sync-server/test/seedChatSession'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { round } from './lib/round'
import { startQuireServer } from './lib/startQuireServer'
import { startTokenStreamServer } from './lib/startTokenStreamServer'
import { openAiChunkText, timeTokenStream, type StreamTiming } from './lib/timeTokenStream'

const NAME = 'providers'
const TOKENS = 500
const RUNS = 5
const MODEL = 'bench-model'

export interface ProviderLine extends BenchLine {
  path?: 'direct' | 'ai-providers-chat' | 'document-chat-stream'
  tokens?: number
  runs?: number
  /** Median milliseconds from sending the request to the first text. */
  ttft_ms?: number
  /** Median tokens per second from the first text to the end of the stream. */
  tokens_per_s?: number
  /** This path's median time to first token over the direct read's, same run. */
  ttft_ratio?: number
  /** The direct read's tokens per second over this path's: how many times slower the path streams. */
  throughput_overhead?: number
}

/**
 * What Quire's path costs a streamed answer: a fake OpenAI-compatible server streams a fixed
 * 500-token answer as fast as it can, read (1) directly, (2) through `POST /api/v1/ai/providers/chat`
 * and (3) through the document chat's `POST /api/chat/stream` (which also searches a collection
 * first), on the real sync server (single-user, fresh DATA_DIR). One warm-up, then the median of
 * `RUNS` for each; every answer is checked to be the whole fixed text. Ratios are against (1), from
 * the same run.
 */
export async function measureProviders(reporter: LineReporter<ProviderLine>): Promise<ProviderLine[]> {
  const fake = await startTokenStreamServer(TOKENS)
  const quire = await startQuireServer((error) => reporter.progress(`${NAME}: server error ${String(error)}`))
  const lines: ProviderLine[] = []
  try {
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${quire.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      if (!response.ok)
        throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`)
      return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
    }
    // The fake server as the person's OpenAI-compatible server, under BrainDrive's definition id.
    await api('POST', '/api/v1/settings/instances', {
      definition_id: 'openai_api_keys_settings',
      name: 'Bench server',
      value: { api_key: 'bench-key', base_url: fake.url },
      scope: 'user',
      user_id: 'current',
    })
    await api('PUT', '/api/settings', { generator: { kind: 'provider', provider: 'openai', model: MODEL } })
    const session = await seedChatSession(quire, {
      collection: 'Bench',
      file: 'lumen.md',
      text: '# Lumen\n\nLumen is a lightweight text editor for writers, first released in 2019.\n',
    })

    const messages = [{ role: 'user', content: 'What is Lumen?' }]
    const post = (url: string, body: unknown) => () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const paths: Array<{
      path: NonNullable<ProviderLine['path']>
      request: () => Promise<Response>
      textOf: (event: SseEvent) => string | undefined
    }> = [
      {
        path: 'direct',
        request: post(`${fake.url}/chat/completions`, { model: MODEL, messages, stream: true }),
        textOf: openAiChunkText,
      },
      {
        path: 'ai-providers-chat',
        request: post(`${quire.url}/api/v1/ai/providers/chat`, {
          provider: 'openai',
          settings_id: 'openai_api_keys_settings',
          server_id: 'openai_default_server',
          model: MODEL,
          messages,
          stream: true,
        }),
        textOf: providerChunkText,
      },
      {
        path: 'document-chat-stream',
        request: post(`${quire.url}/api/chat/stream`, {
          session_id: session.sessionId,
          message: 'What is Lumen?',
        }),
        textOf: (event) =>
          event.event === 'token' ? (JSON.parse(event.data) as { text: string }).text : undefined,
      },
    ]
    const expected = fake.tokens.join('')
    let direct: { ttft: number; rate: number } | undefined
    for (const { path, request, textOf } of paths) {
      const timings: StreamTiming[] = []
      for (let run = 0; run <= RUNS; run++) {
        reporter.progress(`${NAME}: ${path} ${run === 0 ? 'warm-up' : `run ${run} of ${RUNS}`}`)
        const timing = await timeTokenStream(request, textOf)
        // The document chat may tidy citations; the text itself must arrive whole.
        if (!timing.text.replace(/\s+/g, ' ').includes(expected.replace(/\s+/g, ' ').trim())) {
          throw new Error(
            `${path}: the answer arrived incomplete (${timing.text.length} of ${expected.length} characters)`,
          )
        }
        if (run > 0) timings.push(timing)
      }
      const ttft = median(timings.map((t) => t.ttftMs))
      const rate = median(timings.map((t) => (TOKENS - 1) / (t.streamMs / 1000)))
      direct ??= { ttft, rate }
      const line: ProviderLine = {
        benchmark: NAME,
        case: `${TOKENS}-token streamed answer, ${path}`,
        path,
        tokens: TOKENS,
        runs: RUNS,
        ttft_ms: round(ttft, 2),
        tokens_per_s: round(rate, 0),
        ...(path === 'direct'
          ? {}
          : { ttft_ratio: round(ttft / direct.ttft, 2), throughput_overhead: round(direct.rate / rate, 2) }),
        node: process.version,
        date: new Date().toISOString(),
      }
      reporter.emit(line)
      lines.push(line)
    }
    return lines
  } finally {
    await quire.stop()
    await fake.close()
  }
}

/**
 * The text of a chunk of `/api/v1/ai/providers/chat`'s stream, in the shape BrainDrive's chat plugin
 * reads (OpenAI's `choices[0].delta.content`, or the plain `response`/`content` fields it also takes).
 */
function providerChunkText(event: SseEvent): string | undefined {
  if (event.data === '[DONE]') return undefined
  const chunk = JSON.parse(event.data) as Record<string, unknown>
  return (
    openAiChunkText(event) ??
    (typeof chunk.response === 'string' ? chunk.response : undefined) ??
    (typeof chunk.content === 'string' ? chunk.content : undefined)
  )
}

export const providers = lineBenchmark(NAME, (reporter) => measureProviders(reporter))
