/**
 * Bundled into the page by e2e/transformers-embedder.spec.ts: embeds texts with the browser's
 * transformers.js embedder and reports the vectors together with evidence of the device that ran them.
 */
import { createBrowserTransformersEmbedder } from '../../web/browser/ingest/browserTransformersEmbedder'

export interface EmbedInPageRequest {
  modelId: string
  modelBaseUrl: string
  device: 'webgpu' | 'wasm' | 'auto'
  texts: string[]
}

export interface EmbedInPageResult {
  device: string | undefined
  dimensions: number
  vectors: number[][]
  gpu: {
    /** GPUAdapterInfo of the adapter the browser offers, or null without WebGPU. */
    adapter: Record<string, string> | null
    /** GPU devices ONNX Runtime requested; command buffers it submitted while embedding the texts. */
    devicesRequested: number
    commandBuffersSubmitted: number
  }
}

/** Counts calls of a WebGPU method on its prototype (ONNX Runtime calls them from JavaScript). */
function countCalls(
  className: string,
  method: string,
  counter: { count: number; add(n: number): void },
): void {
  const prototype = (globalThis as Record<string, unknown>)[className] as { prototype: object } | undefined
  if (!prototype) return
  const target = prototype.prototype as Record<string, (...args: unknown[]) => unknown>
  const original = target[method]
  if (!original) return
  target[method] = function (this: unknown, ...args: unknown[]) {
    counter.add(method === 'submit' && Array.isArray(args[0]) ? args[0].length : 1)
    return original.apply(this, args)
  }
}

function counter() {
  return {
    count: 0,
    add(n: number) {
      this.count += n
    },
  }
}

const devices = counter()
const submits = counter()
countCalls('GPUAdapter', 'requestDevice', devices)
countCalls('GPUQueue', 'submit', submits)

async function adapterInfo(): Promise<Record<string, string> | null> {
  const { gpu } = navigator as Navigator & {
    gpu?: { requestAdapter(): Promise<{ info?: Record<string, string> } | null> }
  }
  const adapter = await gpu?.requestAdapter()
  if (!adapter?.info) return null
  const { vendor = '', architecture = '', device = '', description = '' } = adapter.info
  return { vendor, architecture, device, description }
}

async function embedInPage(request: EmbedInPageRequest): Promise<EmbedInPageResult> {
  const embedder = createBrowserTransformersEmbedder({
    modelId: request.modelId,
    modelBaseUrl: request.modelBaseUrl,
    device: request.device,
  })
  await embedder.load()
  // Counted from here, so that only the embedding itself counts (not session set-up).
  const submittedBefore = submits.count
  const vectors = await embedder.embed(request.texts)
  const result = {
    device: embedder.device,
    dimensions: embedder.dimensions,
    vectors: vectors.map((vector) => Array.from(vector)),
    gpu: {
      adapter: await adapterInfo(),
      devicesRequested: devices.count,
      commandBuffersSubmitted: submits.count - submittedBefore,
    },
  }
  await embedder.dispose()
  return result
}

Object.assign(globalThis, { embedInPage })
