import type { FrameFile } from '../../../../core/plugins/runtime/frameProtocol'
import { isContainer, PackageUrls, type Container } from '../../../../plugin-frame/loadContainer'
import { redirectChunkInsertions } from '../../../../plugin-frame/redirectChunkInsertions'
import { reactShareScope } from '../../../../plugin-frame/shareScope'
import { ChunkRoutes, containerBase } from './ChunkRoutes'

/**
 * Loads a trusted plugin's webpack `var` container into Quire's own page, from blob: URLs of its
 * package files (read through the service worker, so offline too), as the frame does, but confined:
 *
 * - The container script's `src` as webpack reads it (`document.currentScript.src`, for
 *   `publicPath: 'auto'`) is an address of its own (`ChunkRoutes`), while the script loads from the
 *   blob: URL. Only `<script>`/`<link rel=stylesheet>` insertions under that address are redirected,
 *   to this package's files; every other insertion in the app goes through untouched.
 * - The container's global (`plugin_data.scope`) may not take a name the page already uses.
 * - Each plugin version's container loads and is initialised once per page load (webpack allows one
 *   `init`); every module of it on any page gets it from there. React 18 in its share scope is the
 *   one the trusted runtime renders with.
 */

export interface PageContainerRequest {
  pluginId: string
  version: string
  files: readonly FrameFile[]
  bundle: string
  scope: string
}

const routes = new ChunkRoutes()
const containers = new Map<string, Promise<Container>>()
/** Container globals this loader defined, and for which plugin. */
const scopeOwners = new Map<string, string>()
let loaded = 0
let catching = false

export function pageContainer(request: PageContainerRequest): Promise<Container> {
  const key = `${request.pluginId}/${request.version}`
  let container = containers.get(key)
  if (!container) {
    container = loadPageContainer(request)
    containers.set(key, container)
    container.catch(() => containers.delete(key))
  }
  return container
}

/** Redirects chunk insertions of trusted containers (and only theirs), from the first one on. */
function catchTrustedChunks(): void {
  if (catching) return
  catching = true
  redirectChunkInsertions((address) => routes.target(address), 'a trusted plugin')
}

const GLOBAL_NAME = /^[A-Za-z_$][\w$]*$/

async function loadPageContainer(request: PageContainerRequest): Promise<Container> {
  const { pluginId, bundle, scope } = request
  const page = window as unknown as Record<string, unknown>
  if (!GLOBAL_NAME.test(scope))
    throw new Error(`"${scope.slice(0, 100)}" cannot name a container (plugin_data.scope)`)
  const owner = scopeOwners.get(scope)
  if (owner === undefined ? scope in page : owner !== pluginId) {
    throw new Error(`The container name "${scope}" (plugin_data.scope) is already taken in Quire's page`)
  }
  const urls = new PackageUrls(request.files)
  const entryBlob = urls.urlOf(bundle)
  if (!entryBlob) throw new Error(`The package has no ${bundle}`)
  const base = containerBase(location.origin, ++loaded)
  const entryAddress = base + bundle
  routes.add(base, (address) => urls.resolve(address, entryAddress, bundle))
  catchTrustedChunks()
  scopeOwners.set(scope, pluginId)

  const container = await new Promise<Container>((resolve, reject) => {
    const script = document.createElement('script')
    script.setAttribute('src', entryBlob)
    // What webpack reads as the script's address: the container's own base, which its chunks follow.
    Object.defineProperty(script, 'src', {
      configurable: true,
      get: () => entryAddress,
      set: (value: string) => script.setAttribute('src', value),
    })
    script.onload = () => {
      const defined = page[scope]
      if (isContainer(defined)) resolve(defined)
      else reject(new Error(`${bundle} did not define the container "${scope}" (plugin_data.scope)`))
    }
    script.onerror = () => reject(new Error(`${bundle} could not be run`))
    document.head.appendChild(script)
  })
  await container.init(reactShareScope())
  return container
}
