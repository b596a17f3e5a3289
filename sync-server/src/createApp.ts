import Koa from 'koa'
import type { ApiPorts } from '../../web/core/api/ApiPorts'
import { buildOpenApi } from '../../web/core/api/buildOpenApi'
import { isApiPath } from '../../web/core/api/isApiPath'
import { routes } from '../../web/core/api/routes'
import { unmatchedRoute } from '../../web/core/api/unmatchedRoute'
import { bodyParser } from './bodyParser'
import { errorHandler } from './errorHandler'
import { mountRoutes, writeResult } from './mountRoutes'
import { requestLogger } from './requestLogger'
import { serveModels } from './serveModels'
import { serveStatic } from './serveStatic'

export interface AppOptions {
  ports: ApiPorts
  /** The built PWA; when absent only the REST surface is served. */
  staticDir?: string
  /** Self-hosted models (MODELS_DIR), served at /models/ so that browsers can load them too. */
  modelsDir?: string
  /** Receives one line per request; silent when absent. */
  logLine?: (line: string) => void
  /** Receives unexpected errors (with stacks); they never reach the client. */
  logError?: (error: unknown) => void
}

/** The Koa host: the shared route table on @koa/router, plus the OpenAPI document and the PWA. */
export function createApp(options: AppOptions): Koa {
  const app = new Koa()
  app.proxy = false
  // Koa would print every error itself; ours are already answered and logged by errorHandler.
  app.silent = true
  const openApi = buildOpenApi(routes)
  const logError = options.logError ?? console.error
  const router = mountRoutes(routes, options.ports, logError)
  router.get('/openapi.json', (ctx) => {
    ctx.body = openApi
  })

  if (options.logLine) app.use(requestLogger(options.logLine))
  app.use(errorHandler(logError))
  app.use(async (ctx, next) => {
    await next()
    // Headers every answer carries: API answers are never sniffed as another type or framed.
    ctx.set('X-Content-Type-Options', 'nosniff')
    // Which host answered (the browser's API says `browser`): the same routes live in both.
    if (isApiPath(ctx.path)) ctx.set('X-Quire-Host', 'server')
  })
  if (options.modelsDir) app.use(serveModels(options.modelsDir))
  if (options.staticDir) app.use(serveStatic(options.staticDir, isApiPath))
  // JSON bodies up to 16 MB: saved evaluation state may be 10 MB (the route answers 413 above that).
  app.use(bodyParser(options.ports.limits.maxUploadBytes, '16mb'))
  app.use(router.routes())
  app.use(async (ctx) => {
    if (isApiPath(ctx.path)) writeResult(ctx, unmatchedRoute(ctx.method, ctx.path))
  })
  return app
}
