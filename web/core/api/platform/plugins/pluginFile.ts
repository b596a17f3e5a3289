import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { ApiResult } from '../../ApiResult'
import { canonicalId } from '../compat/recordId'
import { pluginKind } from './pluginKind'
import { findPluginBySlug } from './pluginLookup'

/** Media types of what plugin bundles hold; anything else is served as bytes. */
const MEDIA_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  wasm: 'application/wasm',
}

export function pluginFileType(path: string): string {
  const dot = path.lastIndexOf('.')
  const extension = dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : ''
  return MEDIA_TYPES[extension] ?? 'application/octet-stream'
}

/** A version's files never change (a new version has a new URL), so caches may keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

const NOT_FOUND = 'File not found'

/**
 * The bytes of one file of an installed plugin version, as `/plugins/{plugin_id}/{version}/{path}`
 * serves them. Only a path the plugin's record lists (`files`) for the version it has installed is
 * served, so there is no directory listing and nothing outside the package can be named; `..` and
 * other non-normal paths are refused outright (400) rather than looked up. `plugin_id` is the record id
 * (with or without hyphens) or the slug.
 */
export async function pluginFile(
  ports: Pick<ApiPorts, 'store' | 'files'>,
  pluginId: string,
  version: string,
  path: string,
): Promise<ApiResult> {
  const segments = path.split('/')
  if (segments.some((s) => s === '..' || s === '.') || /[\\\0]/.test(path))
    throw ApiError.badRequest('The path must not contain "..", "." segments or backslashes')
  if (path === '' || segments.some((s) => s === '')) throw ApiError.notFound(NOT_FOUND)
  const id = canonicalId(pluginId)
  const plugin = (id && (await pluginKind.find(ports, id))) || (await findPluginBySlug(ports, pluginId))
  if (!plugin || plugin.data.version !== version) throw ApiError.notFound(NOT_FOUND)
  const files = (plugin.data.files as Record<string, string> | undefined) ?? {}
  const key = Object.hasOwn(files, path) ? files[path] : undefined
  const bytes = key ? await ports.files.get(key) : undefined
  if (!bytes) throw ApiError.notFound(NOT_FOUND)
  return {
    status: 200,
    stream: new Response(bytes as Uint8Array<ArrayBuffer>).body ?? undefined,
    headers: {
      'Content-Type': pluginFileType(path),
      'Content-Length': String(bytes.length),
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    },
  }
}
