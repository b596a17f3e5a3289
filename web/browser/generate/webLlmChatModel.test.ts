import { describe, expect, it } from 'vitest'
import { GeneratorError } from '../../core/generate/GeneratorError'
import { webLlmChatModel, type LoadProgress, type WebLlmEngine, type WebLlmHost } from './webLlmChatModel'

/** A stand-in for WebLLM's engine (the real one needs WebGPU and gigabytes of weights). */
function fakeEngine(pieces: string[], options: { failAfter?: number } = {}) {
  const state = { interrupted: false, requests: [] as unknown[] }
  const engine: WebLlmEngine = {
    chat: {
      completions: {
        async create(request) {
          state.requests.push(request)
          return (async function* () {
            for (const [i, piece] of pieces.entries()) {
              if (options.failAfter === i) throw new Error('device lost')
              if (state.interrupted) return
              await new Promise((resolve) => setTimeout(resolve, 1))
              yield { choices: [{ delta: { content: piece } }] }
            }
          })()
        },
      },
    },
    interruptGenerate() {
      state.interrupted = true
    },
  }
  return { engine, state }
}

function host(engine: WebLlmEngine, overrides: Partial<WebLlmHost> = {}) {
  const loads: string[] = []
  const progress: LoadProgress[] = []
  const value: WebLlmHost = {
    hasWebGpu: async () => true,
    async createEngine(modelId, onProgress) {
      loads.push(modelId)
      onProgress({ progress: 0.5, text: 'Fetching' })
      onProgress({ progress: 1, text: 'Ready' })
      return engine
    },
    modelIds: async () => ['Tiny-1B', 'Small-3B'],
    onProgress: (_id, report) => progress.push(report),
    ...overrides,
  }
  return { value, loads, progress }
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = []
  for await (const piece of iterable) out.push(piece)
  return out
}

describe('webLlmChatModel', () => {
  it('streams the deltas, loads the engine once and reports load progress', async () => {
    const { engine, state } = fakeEngine(['Trace ', 'trees [1].'])
    const { value, loads, progress } = host(engine)
    const model = webLlmChatModel('Tiny-1B', value)
    expect(model.id).toBe('webllm:Tiny-1B')
    const messages = [{ role: 'user' as const, content: 'What is a trace tree?' }]
    expect(await collect(model.stream({ messages, temperature: 0.2 }))).toEqual(['Trace ', 'trees [1].'])
    expect(await collect(model.stream({ messages }))).toEqual(['Trace ', 'trees [1].'])
    expect(loads).toEqual(['Tiny-1B'])
    expect(progress.map((p) => p.progress)).toEqual([0.5, 1])
    expect(state.requests[0]).toMatchObject({ messages, stream: true, temperature: 0.2 })
    expect(await model.listModels()).toEqual(['Tiny-1B', 'Small-3B'])
  })

  it('says plainly that WebGPU is missing, and tries again later', async () => {
    let gpu = false
    const { engine } = fakeEngine(['ok'])
    const { value } = host(engine, { hasWebGpu: async () => gpu })
    const model = webLlmChatModel('Tiny-1B', value)
    const failure = await collect(model.stream({ messages: [] })).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(GeneratorError)
    expect((failure as Error).message).toMatch(/WebGPU/)
    await expect(model.listModels()).rejects.toThrow(/WebGPU/)
    gpu = true
    expect(await collect(model.stream({ messages: [] }))).toEqual(['ok'])
  })

  it('turns a failed load or a failure mid-answer into a GeneratorError', async () => {
    const { engine } = fakeEngine(['one ', 'two'], { failAfter: 1 })
    const broken = host(engine, {
      createEngine: async () => {
        throw new Error('out of memory')
      },
    })
    await expect(collect(webLlmChatModel('Tiny-1B', broken.value).stream({ messages: [] }))).rejects.toThrow(
      /could not load Tiny-1B: out of memory/,
    )
    const pieces: string[] = []
    const failure = await (async () => {
      for await (const piece of webLlmChatModel('Tiny-1B', host(engine).value).stream({ messages: [] }))
        pieces.push(piece)
    })().catch((e: unknown) => e)
    expect(pieces).toEqual(['one '])
    expect(failure).toBeInstanceOf(GeneratorError)
    expect((failure as Error).message).toMatch(/mid-answer: device lost/)
  })

  it('stops generating when the signal aborts', async () => {
    const { engine, state } = fakeEngine(['a', 'b', 'c', 'd'])
    const controller = new AbortController()
    const pieces: string[] = []
    const failure = await (async () => {
      for await (const piece of webLlmChatModel('Tiny-1B', host(engine).value).stream({
        messages: [],
        signal: controller.signal,
      })) {
        pieces.push(piece)
        if (pieces.length === 2) controller.abort(new Error('stop pressed'))
      }
    })().catch((e: unknown) => e)
    expect(pieces).toEqual(['a', 'b'])
    expect((failure as Error).message).toBe('stop pressed')
    expect(state.interrupted).toBe(true)
  })
})
