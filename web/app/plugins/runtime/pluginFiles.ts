import type { FrameFile } from '../../../core/plugins/runtime/frameProtocol'
import type { RuntimePlugin } from './pluginManifest'

/** The folder of a package path, with its trailing slash ('' at the root). */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash + 1)
}

const cache = new Map<string, Promise<FrameFile[]>>()

/**
 * The bundle's files (everything in the container's folder and below), read by the host from
 * `/plugins/{id}/{version}/{path}` through the service worker, so they load offline; once per
 * plugin version and page load, however many of its modules the page holds.
 */
export function loadBundleFiles(plugin: RuntimePlugin): Promise<FrameFile[]> {
  const key = `${plugin.id}/${plugin.version}`
  let files = cache.get(key)
  if (!files) {
    files = fetchBundleFiles(plugin)
    cache.set(key, files)
    files.catch(() => cache.delete(key))
  }
  return files
}

async function fetchBundleFiles(plugin: RuntimePlugin): Promise<FrameFile[]> {
  const folder = folderOf(plugin.bundle)
  const paths = plugin.files.filter((path) => path.startsWith(folder))
  if (!paths.includes(plugin.bundle)) throw new Error(`${plugin.name}'s package has no ${plugin.bundle}`)
  const base = `/plugins/${encodeURIComponent(plugin.id)}/${encodeURIComponent(plugin.version)}/`
  return Promise.all(
    paths.map(async (path) => {
      const response = await fetch(base + path.split('/').map(encodeURIComponent).join('/'))
      if (!response.ok) throw new Error(`${path} of ${plugin.name} could not be read (${response.status})`)
      return { path, bytes: await response.arrayBuffer() }
    }),
  )
}
