import { stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import type { Context, Middleware } from 'koa'
import send from 'koa-send'
import { appCsp } from '../../web/plugin-frame/appCsp'

/** Files whose name never changes between versions: a cached copy would pin users to an old app. */
const REVALIDATE = new Set(['/sw.js', '/index.html', '/manifest.webmanifest', '/mockServiceWorker.js'])
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built PWA. Hashed files under /assets/ are immutable; the service worker, the HTML shell
 * and the manifest are always revalidated so that a new version is picked up. Any other GET that
 * asks for HTML gets the shell, so deep links like /collections load the app. Every HTML page carries
 * the app's Content-Security-Policy (the built page's meta holds the same, less `frame-ancestors`).
 * `isApiRequest` says which requests are the API's (a path the API shares with a page is the page's
 * when a browser navigates to it).
 */
export function serveStatic(root: string, isApiRequest: (ctx: Context) => boolean): Middleware {
  const policy = appCsp('header')
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiRequest(ctx)) return next()
    const path = ctx.path === '/' ? '/index.html' : ctx.path
    const csp = await policy
    const headers = (file: string, cache: string) => (res: ServerResponse) => {
      res.setHeader('Cache-Control', cache)
      if (extname(file) === '.html') res.setHeader('Content-Security-Policy', csp)
    }
    if (await isFileUnder(root, path)) {
      await send(ctx, path, { root, setHeaders: headers(path, cacheControl(path)) })
      return
    }
    if (extname(path) === '' && ctx.accepts('html') === 'html') {
      await send(ctx, '/index.html', { root, setHeaders: headers('/index.html', 'no-cache') })
      return
    }
    return next()
  }
}

function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE
  if (REVALIDATE.has(path)) return 'no-cache'
  return 'public, max-age=3600'
}

async function isFileUnder(root: string, path: string): Promise<boolean> {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  const full = normalize(join(root, decoded))
  if (!full.startsWith(normalize(root) + sep) || decoded.includes('\0')) return false
  try {
    return (await stat(full)).isFile()
  } catch {
    return false
  }
}
