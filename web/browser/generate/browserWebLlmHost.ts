import { proxy, wrap, type Remote } from 'comlink'
import type { ChatModelRequest } from '../../core/generate/ChatModel'
import { GeneratorError } from '../../core/generate/GeneratorError'
import type { LoadProgress, WebLlmEngine, WebLlmHost } from './webLlmChatModel'
import type { WebLlmModelInfo, WebLlmWorkerApi } from './webLlmWorker'

/** Progress of the model being loaded, by model id, for the UI to show. */
export const webLlmProgress = new Map<string, LoadProgress>()

let worker: Remote<WebLlmWorkerApi> | undefined
function webLlmWorker(): Remote<WebLlmWorkerApi> {
  worker ??= wrap<WebLlmWorkerApi>(
    new Worker(new URL('./webLlmWorker.ts', import.meta.url), { type: 'module', name: 'quire-webllm' }),
  )
  return worker
}

// Loads under way, by model: "Download now" in Settings and a first question may ask at the same time, and
// WebLLM's engine must not reload the same model twice at once. The first caller's callback reports progress.
const loading = new Map<string, Promise<void>>()
function loadOnce(
  remote: Remote<WebLlmWorkerApi>,
  modelId: string,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  let load = loading.get(modelId)
  if (!load) {
    load = remote.load(modelId, proxy(onProgress)).finally(() => loading.delete(modelId))
    loading.set(modelId, load)
  }
  return load
}

// As webLlmChatModel says it when a question finds no WebGPU.
const NO_WEBGPU =
  'WebLLM needs WebGPU, which this browser does not offer; choose the extractive answerer, Ollama or an OpenAI-compatible endpoint in Settings'

/**
 * Starts loading a model without waiting for it (Settings' "Download now"), once WebGPU is known to be
 * there. A failure is kept as the model's progress text, which is where Settings looks.
 */
export async function startWebLlmLoad(modelId: string): Promise<void> {
  if (!(await browserWebLlmHost.hasWebGpu())) throw new GeneratorError(NO_WEBGPU)
  const report = (progress: LoadProgress) => webLlmProgress.set(modelId, progress)
  report({ progress: 0, text: 'Starting the download…' })
  loadOnce(webLlmWorker(), modelId, report).catch((error: unknown) =>
    report({
      progress: 0,
      text: `The download failed: ${error instanceof Error ? error.message : String(error)}`,
    }),
  )
}

/** WebLLM's prebuilt models with the GPU memory each needs (starts its worker; downloads nothing). */
export function webLlmModels(): Promise<WebLlmModelInfo[]> {
  return webLlmWorker().models()
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
    await loadOnce(remote, modelId, onProgress)
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
