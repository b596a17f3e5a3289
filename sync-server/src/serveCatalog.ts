import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Middleware } from 'koa'
import { BUILT_IN_CATALOG_PATH } from '../../web/core/api/platform/plugins/pluginCatalog'

const PREFIX = BUILT_IN_CATALOG_PATH.replace(/catalog\.json$/, '')
/** Only plain file names directly in the folder: `catalog.json` and the archives beside it. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/
const TYPES: Record<string, string> = {
  json: 'application/json',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
}

/**
 * Reads a file of the built-in catalog folder (`dist-plugins/`, Quire's sample plugins as built by
 * scripts/buildSamplePlugins.mjs) by its plain name; undefined when the name is not plain or the file is
 * missing (the samples were not built).
 */
export function builtInCatalogReader(dir: string): (name: string) => Promise<Uint8Array | undefined> {
  return async (name) => {
    if (!FILE_NAME.test(name) || name.includes('..')) return undefined
    try {
      const path = join(dir, name)
      if (!(await stat(path)).isFile()) return undefined
      return new Uint8Array(await readFile(path))
    } catch {
      return undefined
    }
  }
}

/**
 * Serves the built-in catalog read-only and publicly at /plugin-catalog/ (catalog.json and its
 * archives), so a browser elsewhere (any origin: nothing here is personal) can use this server's
 * marketplace. 404 for anything else, and for everything when the samples were not built.
 */
export function serveCatalog(dir: string): Middleware {
  const read = builtInCatalogReader(dir)
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(PREFIX)) return next()
    const bytes = await read(ctx.path.slice(PREFIX.length))
    ctx.set('Access-Control-Allow-Origin', '*')
    if (!bytes) {
      ctx.status = 404
      ctx.body = { detail: 'Not in the plugin catalog (build the sample plugins: npm run build)' }
      return
    }
    const extension = ctx.path.split('.').pop() ?? ''
    ctx.type = TYPES[extension] ?? 'application/octet-stream'
    // The catalog changes when the samples are rebuilt; an archive's name carries its version.
    ctx.set('Cache-Control', extension === 'json' ? 'no-cache' : 'public, max-age=3600')
    ctx.body = Buffer.from(bytes)
  }
}
