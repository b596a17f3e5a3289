/**
 * The app's scripts that are cached on first use rather than precached (the service worker's cache-first
 * route takes them; the build leaves them out of the precache manifest): each only works with a model a
 * person downloads first, so one who never turns that model on never needs them. By the name Vite gives
 * the chunk, before its hash.
 *
 * - `webLlmWorker`: WebLLM's worker, about 6 MB (WebLLM caches the model's weights itself).
 * - `transformers.web`: transformers.js, two bundled copies of 0.6 MB (the API worker's and the
 *   processing worker's); the ONNX runtime it loads (.wasm) is cached on first use too.
 */
export const FIRST_USE_SCRIPTS = ['webLlmWorker', 'transformers.web'] as const

/** Workbox's globIgnores for them. */
export const firstUseScriptGlobs = FIRST_USE_SCRIPTS.map((name) => `**/${name}-*.js`)

const escaped = FIRST_USE_SCRIPTS.map((name) => name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|')
const firstUsePath = new RegExp(`/(${escaped})-[\\w-]+\\.js$`, 'u')

/** Whether a path of the app's build is one of them (`/assets/<name>-<hash>.js`). */
export function isFirstUseScript(pathname: string): boolean {
  return firstUsePath.test(pathname)
}
