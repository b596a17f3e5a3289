import type { Context } from 'koa'

/**
 * Whether a request came from another site's page. Browsers send `Sec-Fetch-Site` on every request
 * (Chromium, Firefox and Safari alike); older ones at least send `Origin` on a cross-origin POST.
 * A request with neither is not from a browser page (curl, a script), so it cannot be a forged one.
 * `trustedOrigins` are other origins allowed to use cookies (a PWA served from elsewhere).
 */
export function isCrossSiteRequest(ctx: Context, trustedOrigins: ReadonlySet<string> = new Set()): boolean {
  const origin = ctx.get('origin')
  if (origin && trustedOrigins.has(origin)) return false
  const site = ctx.get('sec-fetch-site')
  if (site) return site !== 'same-origin' && site !== 'none'
  if (!origin) return false
  // This server's own origin (Koa 3's `ctx.origin` is the Origin header itself, so it is built here).
  return origin !== `${ctx.protocol}://${ctx.host}`
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE.has(method.toUpperCase())
}
