import Router from '@koa/router'
import Koa, { type Context } from 'koa'
import { buildOpenApi } from '../../web/core/api/buildOpenApi'
import { healthRoutes, platformHealth } from '../../web/core/api/health/healthRoutes'
import { isApiPath, isAppNavigation } from '../../web/core/api/isApiPath'
import { isServiceAliasPath } from '../../web/core/api/serviceAliases'
import { routes } from '../../web/core/api/routes'
import { ApiError } from '../../web/core/kernel/ApiError'
import { unmatchedRoute } from '../../web/core/api/unmatchedRoute'
import { systemClock } from '../../web/core/kernel/time/Clock'
import type { AccountService, Principal } from './accounts/AccountService'
import type { UserView } from './accounts/accountSchemas'
import { AUTH_DESCRIPTION } from './auth/authDescription'
import { clearAuthCookies, REFRESH_COOKIE, setAuthCookies } from './auth/authCookies'
import type { AuthPorts } from './auth/AuthPorts'
import { authRoutes } from './auth/authRoutes'
import { AccountLimits } from './auth/accountLimits'
import { cors } from './auth/cors'
import { hostGuard } from './auth/hostGuard'
import { guardApi, type RequestAuth } from './auth/guardApi'
import { isCrossSiteRequest } from './auth/isCrossSiteRequest'
import { memoryRateLimiters } from './auth/memoryRateLimiters'
import { DEFAULT_RATE_LIMITS, type RateLimiterFactory, type RateLimits } from './auth/RateLimiter'
import { bodyParser } from './bodyParser'
import { cutStalledBodies } from './cutStalledBodies'
import { endStreamsAtSignOut } from './endStreamsAtSignOut'
import { errorHandler } from './errorHandler'
import { EVENT_STREAMS } from './eventStreams'
import type { ServerHealthPorts } from './health/ServerHealthPorts'
import { serverHealthRoute } from './health/serverHealthRoute'
import { HTTP_DESCRIPTION } from './httpDescription'
import { EventStreamLimit, eventStreamMatcher, type StreamSlots } from './EventStreamLimit'
import type { InFlightRequests } from './InFlightRequests'
import type { JobPorts } from './jobApi/JobPorts'
import { jobRoutes } from './jobApi/jobRoutes'
import type { JobService } from './jobs/JobService'
import type { Registration } from './auth/registration'
import { mountRoutes, writeResult } from './mountRoutes'
import { onePathSpelling } from './onePathSpelling'
import { requestLogger } from './requestLogger'
import { serveCatalog } from './serveCatalog'
import { serveModels } from './serveModels'
import { serveStatic } from './serveStatic'
import { admitJob } from './spaces/admitJob'
import type { JobPayloadSchemas } from './jobApi/jobPayloadSchemas'
import { blobPorts, type BlobPorts } from './syncApi/blobPorts'
import { blobRoutes } from './syncApi/blobRoutes'
import type { SyncPorts } from './syncApi/SyncPorts'
import { syncRoutes } from './syncApi/syncRoutes'
import type { UserSpaces } from './spaces/UserSpaces'

export interface AppOptions {
  /** Each person's data (their own database, files and index). */
  spaces: UserSpaces
  /** The job types POST /api/v1/jobs creates, with their payloads (default CLIENT_JOB_PAYLOADS). */
  jobPayloads?: JobPayloadSchemas
  /** Absent when the server runs for one user without accounts (QUIRE_SINGLE_USER=1). */
  accounts?: AccountService
  /** Who may create an account (REGISTRATION; default open). */
  registration?: Registration
  jobs: JobService
  /** `GET /health`'s checks of the database and the job queue. */
  health: Omit<ServerHealthPorts, 'clock' | 'registration' | 'accounts'>
  /** The single user of a server without accounts. */
  localUser: UserView
  limits?: RateLimits
  /** Where rate limit counts live (default: memory; `postgresRateLimiters` when instances share a database). */
  rateLimiters?: RateLimiterFactory
  maxUploadBytes: number
  trustedOrigins?: readonly string[]
  /** Take client IPs and the protocol from X-Forwarded-* (behind a reverse proxy). */
  trustProxy?: boolean
  /** Proxies in front of the server that append to X-Forwarded-For (default 1); see `app.maxIpsCount`. */
  trustProxyHops?: number
  /** ALLOWED_HOSTS: names besides the local ones that Host may carry (see `auth/hostGuard.ts`). */
  allowedHosts?: readonly string[]
  /** The interface the server listens on (HOST): when it is a name or a specific address, Host may carry it. */
  listenHost?: string
  /** Event streams one person may hold open at once (default 16; 0: no cap). */
  maxEventStreamsPerUser?: number
  /** How often an open event stream's credential is checked again; it ends once signed out (default 5 s). */
  streamSignOutCheckMs?: number
  /** Where they are counted (default: this process; `PgStreamSlots` when instances share a database). */
  streamSlots?: StreamSlots
  /** A request body that stops arriving for this long is cut off with 408 (default 60 s). */
  bodyIdleTimeoutMs?: number
  /** Where multipart uploads are written while their request runs (default: the OS temporary folder). */
  uploadDir?: string
  /** The built PWA; when absent only the REST surface is served. */
  staticDir?: string
  /** Self-hosted models (MODELS_DIR), served at /models/ so that browsers can load them too. */
  modelsDir?: string
  /** The built-in plugin catalog (dist-plugins/), served read-only at /plugin-catalog/. */
  pluginCatalogDir?: string
  /** Receives one line per request; silent when absent. */
  logLine?: (line: string) => void
  /** Receives unexpected errors (with stacks); they never reach the client. */
  logError?: (error: unknown) => void
  /** Counts running handlers, so that shutdown can wait for them. */
  inFlight?: InFlightRequests
  /** Largest blob sync accepts (default 512 MiB). */
  maxBlobBytes?: number
}

/**
 * Every route the server answers: the shared table (its `GET /health` with the server's own parts),
 * plus accounts, jobs and sync, which live only here.
 */
export const serverRoutes = [
  ...routes.map((route) => (route === platformHealth ? serverHealthRoute : route)),
  ...authRoutes,
  ...jobRoutes,
  ...syncRoutes,
  ...blobRoutes,
]

/**
 * Whether the API answers a request: an API path, unless a browser navigates to a path the API shares
 * with a page of the app (BrainDrive's service paths such as `/collections/`), which the app answers.
 */
function isApiRequest(ctx: Context): boolean {
  if (!isApiPath(ctx.path)) return false
  if (!isServiceAliasPath(ctx.path)) return true
  return !isAppNavigation({ secFetchMode: ctx.get('sec-fetch-mode') || undefined, accept: ctx.get('accept') })
}

/**
 * The Koa host: the shared route table on @koa/router, each request over its caller's own data
 * space, plus the account and job routes, the OpenAPI document and the PWA.
 */
export function createApp(options: AppOptions): Koa {
  const app = new Koa()
  app.proxy = options.trustProxy ?? false
  // The client is the rightmost address the proxies did not add: each trusted proxy appends the
  // address it saw to X-Forwarded-For, while whatever the client itself sent stays on the left (and
  // would let it pick a new IP for each request, past the per-IP limits).
  app.maxIpsCount = app.proxy ? (options.trustProxyHops ?? 1) : 0
  // Koa would print every error itself; ours are already answered and logged by errorHandler.
  app.silent = true
  const logError = options.logError ?? console.error
  const openApi = buildOpenApi(serverRoutes, {
    ...(options.accounts ? { auth: AUTH_DESCRIPTION } : {}),
    host: HTTP_DESCRIPTION,
  })
  const trustedOrigins = new Set(options.trustedOrigins ?? [])
  const localPrincipal: Principal = { user: options.localUser, via: 'session' }
  const principalOf = (ctx: Context): Principal => {
    const principal = (ctx.state.auth as RequestAuth | undefined)?.principal
    if (!principal) throw new ApiError(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' })
    return principal
  }

  const admit = admitJob(options.spaces, options.jobs, options.jobPayloads)
  const limits = options.limits ?? DEFAULT_RATE_LIMITS
  const limiterFor = options.rateLimiters ?? memoryRateLimiters
  const accountLimits = new AccountLimits({
    login: limiterFor('login', limits.login),
    register: limiterFor('register', limits.register),
  })
  // Case-sensitive: a path has one spelling (onePathSpelling), and `/API/...` is not it.
  const router = new Router({ sensitive: true })
  router.get('/openapi.json', (ctx) => {
    ctx.body = openApi
  })
  mountRoutes(
    router,
    healthRoutes.filter((route) => route !== platformHealth),
    () => ({ clock: systemClock }),
    logError,
  )
  mountRoutes<ServerHealthPorts>(
    router,
    [serverHealthRoute],
    () => ({
      clock: systemClock,
      registration: options.accounts ? (options.registration ?? { mode: 'open' }).mode : 'closed',
      accounts: options.accounts !== undefined,
      ...options.health,
    }),
    logError,
  )
  const dataRoutes = routes.filter((route) => !route.public)
  mountRoutes(
    router,
    dataRoutes,
    async (ctx) => (await options.spaces.get(principalOf(ctx).user.id)).runtime.ports,
    logError,
  )
  mountRoutes<AuthPorts>(
    router,
    authRoutes,
    (ctx) => ({
      accounts: options.accounts,
      registration: options.registration ?? { mode: 'open' },
      principal: (ctx.state.auth as RequestAuth | undefined)?.principal,
      via: (ctx.state.auth as RequestAuth | undefined)?.via,
      localUser: options.localUser,
      client: {
        ip: ctx.ip,
        userAgent: ctx.get('user-agent') || undefined,
        refreshCookie: ctx.cookies.get(REFRESH_COOKIE) || undefined,
        crossSite: isCrossSiteRequest(ctx, trustedOrigins),
      },
      cookies: { issue: (tokens) => setAuthCookies(ctx, tokens), clear: () => clearAuthCookies(ctx) },
      limit: (name) => accountLimits.hit(ctx, name),
    }),
    logError,
  )
  mountRoutes<JobPorts>(
    router,
    jobRoutes,
    (ctx) => ({
      jobs: options.jobs,
      principal: principalOf(ctx),
      admit,
      lastEventId: ctx.get('last-event-id') || undefined,
    }),
    logError,
  )
  mountRoutes<SyncPorts>(
    router,
    syncRoutes,
    async (ctx) => {
      const principal = principalOf(ctx)
      const { sync } = await options.spaces.get(principal.user.id)
      return { sync: sync.server, notify: sync.notifier, principal }
    },
    logError,
  )
  const portsOfBlobs = blobPorts(options)
  mountRoutes<BlobPorts>(router, blobRoutes, (ctx) => portsOfBlobs(principalOf(ctx)), logError)

  if (options.inFlight) app.use(options.inFlight.middleware())
  app.use(cutStalledBodies(options.bodyIdleTimeoutMs ?? 60_000))
  if (options.logLine) app.use(requestLogger(options.logLine))
  app.use(errorHandler(logError))
  app.use(onePathSpelling())
  app.use(async (ctx, next) => {
    // Headers every answer carries, set first so that refusals thrown below (401, 413) carry them too:
    // answers are never sniffed as another type, and say which host answered (the browser's API says
    // `browser`; a page forwarding a server-only route checks for `server`, and a signed-out page looks
    // at its own shell's answer to tell a sync server from a static host before asking it anything).
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('X-Quire-Host', 'server')
    await next()
  })
  // DNS rebinding is only a threat where the data needs no credential: a single-user server always
  // checks Host; with accounts, only when the operator lists its names (a server behind a domain
  // keeps working without new settings, and a rebound page has no cookie or token for it anyway).
  if (!options.accounts || (options.allowedHosts?.length ?? 0) > 0) {
    app.use(
      hostGuard({
        allowedHosts: options.allowedHosts,
        listenHost: options.listenHost,
        trustProxy: options.trustProxy,
      }),
    )
  }
  app.use(cors({ applies: isApiPath, anyOrigin: options.accounts !== undefined, trustedOrigins }))
  if (options.modelsDir) app.use(serveModels(options.modelsDir))
  if (options.pluginCatalogDir) app.use(serveCatalog(options.pluginCatalogDir))
  if (options.staticDir) app.use(serveStatic(options.staticDir, isApiRequest))
  app.use(
    guardApi({
      accounts: options.accounts,
      localPrincipal,
      perUser: limiterFor('user', limits.user),
      accountLimits,
      publicRoutes: new Set([
        'GET /openapi.json',
        ...serverRoutes
          .filter((route) => route.public)
          .map((route) => `${route.method.toUpperCase()} ${route.path}`),
      ]),
      isProtectedPath: isApiPath,
      trustedOrigins,
      crossSiteReads: new Set(
        serverRoutes
          .filter((route) => route.reachesOut && route.method === 'get')
          .map((route) => `GET ${route.path}`),
      ),
    }),
  )
  // A request no route answers is answered before its body is read (a 30 MB upload to a misspelt path).
  app.use(async (ctx, next) => {
    if (!isApiPath(ctx.path) || router.match(ctx.path, ctx.method).route) return next()
    writeResult(ctx, unmatchedRoute(ctx.method, ctx.path))
    if (Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '') {
      ctx.set('Connection', 'close')
    }
  })
  // JSON bodies up to 16 MB: saved evaluation state may be 10 MB (the route answers 413 above that).
  app.use(
    bodyParser({ maxUploadBytes: options.maxUploadBytes, jsonLimit: '16mb', uploadDir: options.uploadDir }),
  )
  const streams = new EventStreamLimit(options.maxEventStreamsPerUser ?? 16, options.streamSlots)
  const isEventStream = eventStreamMatcher(serverRoutes, EVENT_STREAMS)
  app.use(streams.middleware(isEventStream))
  app.use(endStreamsAtSignOut(isEventStream, options.streamSignOutCheckMs ?? 5000))
  app.use(router.routes())
  app.use(async (ctx) => {
    if (isApiPath(ctx.path)) writeResult(ctx, unmatchedRoute(ctx.method, ctx.path))
  })
  return app
}
