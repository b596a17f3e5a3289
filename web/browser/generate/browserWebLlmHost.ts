import { proxy, wrap, type Remote } from 'comlink'
import type { ChatModelRequest } from '../../core/generate/ChatModel'
import type { LoadProgress, WebLlmEngine, WebLlmHost } from './webLlmChatModel'
import type { WebLlmWorkerApi } from './webLlmWorker'

/** Progress of the model being loaded, by model id, for the UI to show. */
export const webLlmProgress = new Map<string, LoadProgress>()

let worker: Remote<WebLlmWorkerApi> | undefined
function webLlmWorker(): Remote<WebLlmWorkerApi> {
  worker ??= wrap<WebLlmWorkerApi>(
    new Worker(new URL('./webLlmWorker.ts', import.meta.url), { type: 'module', name: 'quire-webllm' }),
  )
  return worker
}

/**
 * WebLLM in the browser: its engine lives in a dedicated worker (webLlmWorker.ts), started when a
 * WebLLM model is first used; answers come back through a callback and are queued here into the
 * async sequence the ChatModel port streams.
 */
export const browserWebLlmHost: WebLlmHost = {
  async hasWebGpu() {
    // TypeScript's DOM library has no WebGPU types yet; this is the one call made.
    const { gpu } = navigator as Navigator & { gpu?: { requestAdapter(): Promise<object | null> } }
    return Boolean(await gpu?.requestAdapter().catch(() => null))
  },
  async createEngine(modelId, onProgress) {
    const remote = webLlmWorker()
    await remote.load(modelId, proxy(onProgress))
    return remoteEngine(remote)
  },
  async modelIds() {
    return (await webLlmWorker().models()).map((model) => model.id)
  },
  onProgress(modelId, progress) {
    webLlmProgress.set(modelId, progress)
  },
}

function remoteEngine(remote: Remote<WebLlmWorkerApi>): WebLlmEngine {
  return {
    chat: {
      completions: {
        async create(request) {
          return deltas(remote, request.messages, {
            temperature: request.temperature,
            maxTokens: request.max_tokens,
          })
        },
      },
    },
    interruptGenerate: () => void remote.stop(),
  }
}

/** The worker's callbacks as chunks in WebLLM's own shape, pulled one at a time. */
async function* deltas(
  remote: Remote<WebLlmWorkerApi>,
  messages: ChatModelRequest['messages'],
  options: { temperature?: number; maxTokens?: number },
) {
  const queue: string[] = []
  let wake: (() => void) | undefined
  let finished = false
  let failure: unknown
  remote
    .generate(
      messages,
      options,
      proxy((text: string) => {
        queue.push(text)
        wake?.()
      }),
    )
    .then(
      () => (finished = true),
      (error: unknown) => {
        failure = error
        finished = true
      },
    )
    .finally(() => wake?.())
  for (;;) {
    const text = queue.shift()
    if (text !== undefined) {
      yield { choices: [{ delta: { content: text } }] }
      continue
    }
    if (finished) {
      if (failure !== undefined) throw failure
      return
    }
    await new Promise<void>((resolve) => (wake = resolve))
    wake = undefined
  }
}
