import { expect, test, type Page } from './support/test'
import { build, type Plugin } from 'esbuild'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, normalize, sep } from 'node:path'
import config from '../playwright.config'
import { makeTinyModel } from '../scripts/makeTinyModel.mjs'
import { createNodeTransformersEmbedder } from '../sync-server/src/ingest/nodeTransformersEmbedder'
import type { EmbedInPageRequest, EmbedInPageResult } from './support/transformersEmbedderInPage'

// The browser's transformers.js embedder on Chromium's WebGPU (SwiftShader when headless) and on WASM,
// loading a generated tiny model from a self-hosted folder and ONNX Runtime's WebAssembly from the app's
// own build: its vectors must equal the server's (onnxruntime-node), and no request may leave the origin.

const MODEL_ID = 'quire-tiny-embedder'
const MODEL_BASE = '/test-models/'
const TEXTS = [
  'The cat sat on the mat.',
  'Stock market prices fell sharply during the morning.',
  'water',
  'A much longer sentence, so that the batch needs padding: the river runs north past the old farm house.',
  'Unbelievable xylophones!',
  '',
]

const RUNTIME_WASM = 'ort-wasm-simd-threaded.asyncify.wasm'

/** The URL of the content-hashed copy of `sourceName` (`x.wasm`) that `vite build` put in dist/assets. */
async function builtAssetUrl(sourceName: string): Promise<string> {
  const [, stem, extension] = /^(.*)(\.[^.]+)$/.exec(sourceName) ?? []
  const built = (await readdir('dist/assets')).find(
    (file) => file.startsWith(`${stem}-`) && file.endsWith(extension ?? ''),
  )
  if (!built) throw new Error(`dist/assets has no ${stem}-*${extension}: run \`npx vite build\` first`)
  return `/assets/${built}`
}

/**
 * The page script is bundled by esbuild, not Vite: its `?url` imports (ONNX Runtime's .wasm) resolve to
 * the files `vite build` emitted, so the test proves that the build carries the runtime.
 */
const builtAssetUrls: Plugin = {
  name: 'built-asset-urls',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, ({ path }) => ({ path, namespace: 'built-asset-url' }))
    build.onLoad({ filter: /.*/, namespace: 'built-asset-url' }, async ({ path }) => {
      const url = await builtAssetUrl(
        path
          .replace(/\?url$/, '')
          .split('/')
          .pop() ?? '',
      )
      return { contents: `export default ${JSON.stringify(url)}`, loader: 'js' }
    })
  },
}

const baseLaunch = config.use?.launchOptions ?? {}
// Headless Chromium offers WebGPU (a SwiftShader adapter) only with this flag.
test.use({ launchOptions: { ...baseLaunch, args: [...(baseLaunch.args ?? []), '--enable-unsafe-webgpu'] } })

test.describe('transformers.js embedder in Chromium', () => {
  let modelRoot: string
  let pageScript: string
  let nodeVectors: Float32Array[]
  /** ONNX Runtime's .wasm as the build emitted it (content-hashed). */
  let runtimeUrl: string

  test.beforeAll(async () => {
    modelRoot = await mkdtemp(join(tmpdir(), 'quire-tiny-model-'))
    await makeTinyModel(join(modelRoot, MODEL_ID))
    const node = createNodeTransformersEmbedder({
      modelId: MODEL_ID,
      localModelPath: modelRoot,
      cacheDir: join(modelRoot, '.cache'),
    })
    nodeVectors = await node.embed(TEXTS)
    await node.dispose()
    const bundle = await build({
      entryPoints: ['e2e/support/transformersEmbedderInPage.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      plugins: [builtAssetUrls],
      logLevel: 'error',
    })
    pageScript = bundle.outputFiles[0]?.text ?? ''
    runtimeUrl = await builtAssetUrl(RUNTIME_WASM)
  })
  test.afterAll(() => rm(modelRoot, { recursive: true, force: true }))

  /** A page of the app's origin with the embedder injected, the model folder served, the world cut off. */
  async function openEmbedderPage(page: Page, baseURL: string) {
    const origin = new URL(baseURL).origin
    const foreign: string[] = []
    const served: string[] = []
    await page.context().route(
      (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
      async (route) => {
        foreign.push(route.request().url())
        await route.abort('blockedbyclient')
      },
    )
    // The self-hosted model folder, answered from the generated files so nothing is written into dist.
    await page.route(`**${MODEL_BASE}**`, async (route) => {
      const path = decodeURIComponent(new URL(route.request().url()).pathname.slice(MODEL_BASE.length))
      const file = normalize(join(modelRoot, path))
      if (!file.startsWith(modelRoot + sep)) return route.fulfill({ status: 403 })
      try {
        const body = await readFile(file)
        served.push(path)
        const contentType = file.endsWith('.json') ? 'application/json' : 'application/octet-stream'
        await route.fulfill({ status: 200, body, contentType })
      } catch {
        await route.fulfill({ status: 404, body: 'not found' })
      }
    })
    const responses = new Map<string, number>()
    page.on('response', (response) => responses.set(response.url(), response.status()))
    // Any page of the app's origin will do; this one is small and has no service worker.
    await page.goto('/icons/icon-192.png')
    await page.addScriptTag({ content: pageScript, type: 'module' })
    await page.waitForFunction(() => 'embedInPage' in globalThis)
    return { origin, foreign, served, responses }
  }

  async function embedInPage(page: Page, device: EmbedInPageRequest['device']): Promise<EmbedInPageResult> {
    const request: EmbedInPageRequest = { modelId: MODEL_ID, modelBaseUrl: MODEL_BASE, device, texts: TEXTS }
    return page.evaluate(
      (request) =>
        (
          globalThis as unknown as { embedInPage(r: EmbedInPageRequest): Promise<EmbedInPageResult> }
        ).embedInPage(request),
      request,
    )
  }

  function maxDifference(vectors: number[][]): number {
    expect(vectors).toHaveLength(nodeVectors.length)
    let max = 0
    vectors.forEach((vector, i) => {
      const expected = nodeVectors[i]!
      expect(vector).toHaveLength(expected.length)
      vector.forEach((x, j) => (max = Math.max(max, Math.abs(x - expected[j]!))))
    })
    return max
  }

  test('runs on WebGPU and gives the server’s vectors', async ({ page, baseURL }) => {
    const { origin, foreign, served, responses } = await openEmbedderPage(page, baseURL!)
    const result = await embedInPage(page, 'auto')

    // 'auto' found an adapter and ONNX Runtime really ran on it: it asked for a GPU device and
    // submitted work to the GPU's queue.
    expect(result.gpu.adapter, 'Chromium offers a WebGPU adapter').not.toBeNull()
    expect(result.device).toBe('webgpu')
    expect(result.gpu.devicesRequested).toBeGreaterThan(0)
    expect(result.gpu.commandBuffersSubmitted).toBeGreaterThan(0)
    expect(result.dimensions).toBe(32)

    const difference = maxDifference(result.vectors)
    expect(difference).toBeLessThanOrEqual(1e-4)
    test
      .info()
      .annotations.push(
        { type: 'webgpu adapter', description: JSON.stringify(result.gpu.adapter) },
        { type: 'webgpu work', description: JSON.stringify(result.gpu) },
        { type: 'max |browser - node|', description: String(difference) },
      )
    console.log(`WebGPU adapter ${JSON.stringify(result.gpu.adapter)}; ${JSON.stringify(result.gpu)}`)
    console.log(`WebGPU vs onnxruntime-node: max difference ${difference}`)

    expect(served).toEqual(
      expect.arrayContaining(['quire-tiny-embedder/config.json', 'quire-tiny-embedder/onnx/model.onnx']),
    )
    expect(responses.get(`${origin}${runtimeUrl}`)).toBe(200)
    expect(foreign).toEqual([])
  })

  test('runs on WASM with ONNX Runtime from the app’s own build', async ({ page, baseURL }) => {
    const { origin, foreign, responses } = await openEmbedderPage(page, baseURL!)
    const result = await embedInPage(page, 'wasm')

    expect(result.device).toBe('wasm')
    expect(result.gpu.devicesRequested).toBe(0)
    const difference = maxDifference(result.vectors)
    expect(difference).toBeLessThanOrEqual(1e-4)
    test.info().annotations.push({ type: 'max |browser - node|', description: String(difference) })
    console.log(`WASM vs onnxruntime-node: max difference ${difference}`)

    // The runtime came from the app's build (dist/assets), and every request stayed on the origin.
    expect(responses.get(`${origin}${runtimeUrl}`)).toBe(200)
    const requested = [...responses.keys()]
    expect(requested.every((url) => url.startsWith(`${origin}/`))).toBe(true)
    expect(foreign).toEqual([])
  })
})
