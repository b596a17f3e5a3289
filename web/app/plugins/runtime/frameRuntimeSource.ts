import runtimeUrl from '../../../plugin-frame/frameRuntime.ts?worker&url'
import { frameLoaderHash, frameSrcdoc } from '../../../plugin-frame/frameDocument'

// The frame's runtime is bundled on its own (React 18 and the bootstrap in one file, no imports) and
// precached like every asset; the host reads it through the service worker, so frames start offline.
let source: Promise<string> | undefined
let srcdoc: Promise<string> | undefined

/** The frame runtime's code, read once per page load. */
export function frameRuntimeSource(): Promise<string> {
  source ??= fetch(runtimeUrl).then(async (response) => {
    if (!response.ok) throw new Error(`The plugin frame could not be loaded (${response.status})`)
    return response.text()
  })
  source.catch(() => (source = undefined))
  return source
}

/** The frame's srcdoc, its CSP allowing the loader by hash. */
export function frameDocument(): Promise<string> {
  srcdoc ??= frameLoaderHash().then(frameSrcdoc)
  return srcdoc
}
