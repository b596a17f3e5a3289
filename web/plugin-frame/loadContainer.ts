import type { FrameFile } from '../core/plugins/runtime/frameProtocol'
import { redirectChunkInsertions } from './redirectChunkInsertions'

/**
 * Loads a webpack Module Federation `var` container from the package files the host handed over.
 * Each file becomes a blob: URL. webpack's `publicPath: 'auto'` takes the directory of
 * `document.currentScript.src` (for a blob: URL, `blob:null/`) and inserts `<script src=...>` (and
 * `<link rel=stylesheet>` for CSS chunks) for its chunks; those addresses name nothing, so every
 * such insertion is caught here and its address swapped for the blob: URL of the package file it
 * means (relative to the container's folder), before the element is inserted, so it loads and fires
 * load/error as webpack expects. A chunk that is not in the package fires `error`.
 */

export interface Container {
  init(shareScope: unknown): unknown
  get(module: string): unknown
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash + 1)
}

function mimeOf(path: string): string {
  if (/\.m?js$/i.test(path)) return 'text/javascript'
  if (/\.css$/i.test(path)) return 'text/css'
  if (/\.svg$/i.test(path)) return 'image/svg+xml'
  if (/\.png$/i.test(path)) return 'image/png'
  if (/\.json$/i.test(path)) return 'application/json'
  if (/\.wasm$/i.test(path)) return 'application/wasm'
  return 'application/octet-stream'
}

export class PackageUrls {
  private readonly byPath = new Map<string, string>()
  private readonly ours = new Set<string>()

  constructor(files: readonly FrameFile[]) {
    for (const file of files) {
      const url = URL.createObjectURL(new Blob([file.bytes], { type: mimeOf(file.path) }))
      this.byPath.set(file.path, url)
      this.ours.add(url)
    }
  }

  urlOf(path: string): string | undefined {
    return this.byPath.get(path)
  }

  isOurs(url: string): boolean {
    return this.ours.has(url)
  }

  /**
   * The package file an address webpack built means: the part after the container's own folder
   * (`blob:null/` + `123.js`), resolved in the container's folder of the package; else a file of that
   * name in the container's folder, else anywhere (bundles built with a fixed publicPath).
   */
  resolve(address: string, entryUrl: string, bundle: string): string | undefined {
    const entryDir = dirname(entryUrl)
    const bundleDir = dirname(bundle)
    const clean = address.replace(/[?#].*$/, '')
    if (entryDir && clean.startsWith(entryDir)) {
      const found = this.byPath.get(bundleDir + clean.slice(entryDir.length))
      if (found) return found
    }
    const name = clean.slice(clean.lastIndexOf('/') + 1)
    if (!name) return undefined
    const beside = this.byPath.get(bundleDir + name)
    if (beside) return beside
    for (const [path, url] of this.byPath) if (path === name || path.endsWith(`/${name}`)) return url
    return undefined
  }
}

/** Swaps chunk addresses on insertion, for as long as the frame lives (chunks load lazily). */
export function catchChunkInsertions(urls: PackageUrls, entryUrl: string, bundle: string): void {
  redirectChunkInsertions(
    (address) => (urls.isOurs(address) ? undefined : (urls.resolve(address, entryUrl, bundle) ?? null)),
    'the plugin',
  )
}

/** Whether the global a container script set is a container (webpack's `var` container: `get`, `init`). */
export function isContainer(value: unknown): value is Container {
  const container = value as Partial<Container> | null | undefined
  return typeof container?.get === 'function' && typeof container.init === 'function'
}

/** Runs the container script and answers the container it defined as `window[scope]`. */
export function loadContainer(urls: PackageUrls, bundle: string, scope: string): Promise<Container> {
  const entryUrl = urls.urlOf(bundle)
  if (!entryUrl) return Promise.reject(new Error(`The package has no ${bundle}`))
  catchChunkInsertions(urls, entryUrl, bundle)
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = entryUrl
    script.onload = () => {
      const container = (window as unknown as Record<string, unknown>)[scope]
      if (isContainer(container)) resolve(container)
      else reject(new Error(`${bundle} did not define the container "${scope}" (plugin_data.scope)`))
    }
    script.onerror = () => reject(new Error(`${bundle} could not be run`))
    document.head.appendChild(script)
  })
}
