import { attachmentDisposition } from '../../../http/attachmentDisposition'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { ApiResult } from '../../../kernel/ApiResult'
import { canonicalId } from '../../../records/recordId'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { findPluginBySlug } from './pluginLookup'
import type { RecordPorts } from '../../../records/platformRecords'

/**
 * Media types of what a module's frame needs (scripts, styles, data, images, fonts, wasm): served
 * inline, each under `PLUGIN_FILE_CSP`. Anything else (HTML, SVG, XML, text, unknown) is an attachment
 * (`pluginFileHeaders`): a plugin's file must never open as a page of the app's origin, where its
 * script would run with the person's cookie.
 */
const MEDIA_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
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

/** Types a browser would render as a document (and run its script): served only as attachments. */
const DOCUMENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
}

function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.')
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : ''
}

export function pluginFileType(path: string): string {
  const extension = extensionOf(path)
  return MEDIA_TYPES[extension] ?? DOCUMENT_TYPES[extension] ?? 'application/octet-stream'
}

/**
 * A version's files never change (a new version has a new URL), so the browser may keep them for
 * good; but reading them needs the person's cookie or token, so only the browser's own cache
 * (`private`), keyed by those (`Vary`): a shared cache never hands one person's file to another.
 */
export const PLUGIN_FILE_CACHE = 'private, max-age=31536000, immutable'
export const PLUGIN_FILE_VARY = 'Authorization, Cookie'

/**
 * Every plugin file's own policy: were it ever opened as a document, it is a sandbox (an opaque
 * origin, no cookie, no storage, no same-origin requests) with nothing it may load. The module's
 * frame never loads these URLs as documents: the host page fetches the bytes and hands them to the
 * frame, which runs them from blob: URLs under its own policy, so this header costs frames nothing.
 */
export const PLUGIN_FILE_CSP = "sandbox; default-src 'none'"

/**
 * The headers of one plugin file: its type, the sandbox policy, `nosniff` (a browser never guesses a
 * renderable type from the bytes), private caching, and `Content-Disposition: attachment` for every
 * type that is not one of the frame's (HTML and SVG above all): a link to one downloads it.
 */
export function pluginFileHeaders(path: string, length: number): Record<string, string> {
  const inline = Object.hasOwn(MEDIA_TYPES, extensionOf(path))
  return {
    'Content-Type': pluginFileType(path),
    'Content-Length': String(length),
    'Content-Security-Policy': PLUGIN_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': PLUGIN_FILE_CACHE,
    Vary: PLUGIN_FILE_VARY,
    ...(inline ? {} : { 'Content-Disposition': attachmentDisposition(path.split('/').pop() ?? path) }),
  }
}

const NOT_FOUND = 'File not found'

/** A plugin's record lists its files by path; the file store holds their bytes. */
export type PluginFilePorts = Pick<ApiPorts, 'files'> & RecordPorts

/**
 * The bytes of one file of an installed plugin version, as `/plugins/{plugin_id}/{version}/{path}`
 * serves them. Only a path the plugin's record lists (`files`) for the version it has installed is
 * served, so there is no directory listing and nothing outside the package can be named; `..` and
 * other non-normal paths are refused outright (400) rather than looked up. `plugin_id` is the record id
 * (with or without hyphens) or the slug.
 */
export async function pluginFile(
  ports: PluginFilePorts,
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
    headers: pluginFileHeaders(path, bytes.length),
  }
}
