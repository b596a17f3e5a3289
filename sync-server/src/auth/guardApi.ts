import type { Context, Middleware } from 'koa'
import { ApiError } from '../../../web/core/kernel/ApiError'
import type { AccountService, Principal } from '../accounts/AccountService'
import { ACCESS_COOKIE } from './authCookies'
import { isCrossSiteRequest, isUnsafeMethod } from './isCrossSiteRequest'
import type { AccountLimits } from './accountLimits'
import type { RateLimiter } from './RateLimiter'

/** How the caller of a request was recognised; stored on `ctx.state.auth` for the routes. */
export interface RequestAuth {
  principal?: Principal
  /** `local`: the single user of a QUIRE_SINGLE_USER=1 server, with no credentials at all. */
  via?: 'bearer' | 'cookie' | 'local'
  /** Whether the credential still stands (not signed out, revoked or deleted); absent without accounts. */
  stillSignedIn?: () => Promise<boolean>
}

export interface GuardOptions {
  /** Absent when the server runs without accounts (QUIRE_SINGLE_USER=1). */
  accounts?: AccountService
  /** The implicit user of a single-user server. */
  localPrincipal: Principal
  /** The per-user (or per-IP before sign-in) limit. */
  perUser: RateLimiter
  /** Login and registration per IP, shared with the routes (which check them again). */
  accountLimits: AccountLimits
  /** `METHOD /path` of the routes that need no user (register, login, refresh, logout, health). */
  publicRoutes: ReadonlySet<string>
  /** Which paths this guard protects (the API's). */
  isProtectedPath(path: string): boolean
  trustedOrigins?: ReadonlySet<string>
  /** `GET /path` of the routes that reach other servers (`Route.reachesOut`): refused cross-site with a cookie too. */
  crossSiteReads?: ReadonlySet<string>
}

const LOGIN = 'POST /api/v1/auth/login'
/** What a read-only personal access token may send (OPTIONS never reaches the guard). */
const SAFE_METHODS = new Set(['GET', 'HEAD'])
const REGISTER = 'POST /api/v1/auth/register'
const CROSS_SITE = 'Cross-site request refused'

/**
 * Runs before the body is read, so an anonymous client cannot make the server parse a large upload:
 * rate limits (login and register per IP, everything else per user, or per IP before sign-in), who
 * is calling (Bearer access or personal token, else the `access_token` cookie), 401 without a valid
 * credential, 403 for an unsafe request with a read-only personal token, and 403 for a
 * cookie-authenticated unsafe request sent by another site's page (CSRF).
 */
export function guardApi(options: GuardOptions): Middleware {
  const perUser = options.perUser
  return async (ctx, next) => {
    if (!options.isProtectedPath(ctx.path) || ctx.method === 'OPTIONS') return next()
    // No accounts, no credentials: any page the browser shows could use the API with the person's
    // rights, so every method, reads included, is refused when another site's page sends it.
    if (!options.accounts && isCrossSiteRequest(ctx, options.trustedOrigins)) {
      throw new ApiError(
        403,
        `${CROSS_SITE}: this server has no accounts, so only its own pages may use its API`,
      )
    }
    const route = `${ctx.method} ${ctx.path.length > 1 ? ctx.path.replace(/\/$/, '') : ctx.path}`
    const auth: RequestAuth = {}
    ctx.state.auth = auth
    if (options.publicRoutes.has(route)) {
      if (route === LOGIN) await options.accountLimits.hit(ctx, 'login')
      else if (route === REGISTER) await options.accountLimits.hit(ctx, 'register')
      else await perUser.hit(`ip:${ctx.ip}`)
      // Logout and me-style public routes still like to know who calls; a bad token is no error here.
      Object.assign(auth, await identify(ctx, options).catch(() => ({})))
      return next()
    }
    let identified: RequestAuth
    try {
      identified = await identify(ctx, options)
    } catch (error) {
      await perUser.hit(`ip:${ctx.ip}`)
      throw error
    }
    if (!identified.principal) {
      await perUser.hit(`ip:${ctx.ip}`)
      throw unauthorized('Not authenticated: sign in, or send Authorization: Bearer <token>')
    }
    await perUser.hit(identified.principal.user.id)
    if (identified.principal.scope === 'read' && !SAFE_METHODS.has(ctx.method)) {
      throw new ApiError(
        403,
        `This personal access token is read-only: it may make GET and HEAD requests, not ${ctx.method}`,
      )
    }
    // Ambient credentials (a cookie, or none at all on a single-user server) must not be usable by
    // another site's page; a Bearer token is never sent by a browser on its own.
    // A GET that reaches other servers is guarded like an unsafe method: a cookie rides along on a link.
    if (
      identified.via !== 'bearer' &&
      (isUnsafeMethod(ctx.method) || options.crossSiteReads?.has(route.replace(/^HEAD /, 'GET ')) === true) &&
      isCrossSiteRequest(ctx, options.trustedOrigins)
    ) {
      throw new ApiError(403, `${CROSS_SITE}: this request must come from the app itself`)
    }
    Object.assign(auth, identified)
    return next()
  }
}

async function identify(ctx: Context, options: GuardOptions): Promise<RequestAuth> {
  if (!options.accounts) return { principal: options.localPrincipal, via: 'local' }
  const header = ctx.get('authorization')
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    const token = match?.[1]
    const principal = token ? await options.accounts.authenticateBearer(token) : undefined
    if (!principal || !token) throw unauthorized('Invalid or expired token')
    const accounts = options.accounts
    return { principal, via: 'bearer', stillSignedIn: () => accounts.stillSignedIn(principal, token) }
  }
  const cookie = ctx.cookies.get(ACCESS_COOKIE)
  if (cookie) {
    const principal = await options.accounts.authenticateAccess(cookie)
    if (!principal) throw unauthorized('Session expired: refresh it or sign in again')
    const accounts = options.accounts
    return { principal, via: 'cookie', stillSignedIn: () => accounts.stillSignedIn(principal) }
  }
  return {}
}

function unauthorized(detail: string): ApiError {
  return new ApiError(401, detail, { 'WWW-Authenticate': 'Bearer' })
}
