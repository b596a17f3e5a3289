import { Readable } from 'node:stream'
import Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { ApiError } from '../../web/core/kernel/ApiError'
import type { HttpMethod } from '../../web/core/api/Route'
import type { RequestAuth } from './auth/guardApi'

/** How soon a refused client may try again: long enough not to spin, short enough to feel live. */
const RETRY_AFTER_SECONDS = 5

/**
 * Where the open streams are counted: in this process (one server), or across the instances sharing
 * a PostgreSQL (cluster/PgStreamSlots).
 */
export interface StreamSlots {
  /** Takes one of the person's `max` slots; false when all are held. */
  take(userId: string, max: number): Promise<boolean>
  /** Gives back a slot `take` gave (at most once per slot). */
  give(userId: string): void
}

/** Streams counted in this process's memory: the cap of a server on its own. */
export class LocalStreamSlots implements StreamSlots {
  private readonly open = new Map<string, number>()

  async take(userId: string, max: number): Promise<boolean> {
    const count = this.open.get(userId) ?? 0
    if (count >= max) return false
    this.open.set(userId, count + 1)
    return true
  }

  give(userId: string): void {
    const left = (this.open.get(userId) ?? 1) - 1
    if (left > 0) this.open.set(userId, left)
    else this.open.delete(userId)
  }

  /** The person's streams open here (PgStreamSlots' own share of the cluster's count). */
  count(userId: string): number {
    return this.open.get(userId) ?? 0
  }
}

/**
 * Caps the event streams one person holds open at once (MAX_EVENT_STREAMS_PER_USER): each open
 * stream holds a connection, a subscription and, for a streamed answer, a model request, for as long
 * as the client likes, so one person's script opening streams in a loop would otherwise exhaust the
 * server for everyone. Over the cap the request is refused with 429 and `Retry-After` before its
 * handler runs (no answer is started only to be thrown away). A slot is held while the stream is
 * open and freed when the response ends or the client goes, whichever comes first.
 */
export class EventStreamLimit {
  /** `max` 0: no cap. */
  constructor(
    private readonly max: number,
    private readonly slots: StreamSlots = new LocalStreamSlots(),
  ) {}

  /** Runs after the guard (it needs the caller) and the body parser (a reply streams on `{"stream": true}`). */
  middleware(isEventStream: (ctx: Context) => boolean): Middleware {
    return async (ctx, next) => {
      const userId = (ctx.state.auth as RequestAuth | undefined)?.principal?.user.id
      if (this.max <= 0 || userId === undefined || !isEventStream(ctx)) return next()
      if (!(await this.slots.take(userId, this.max))) {
        throw new ApiError(
          429,
          `You have ${this.max} event streams open, the most one person may: close one (a tab, a script's stream) and try again`,
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        )
      }
      let held = true
      const release = () => {
        if (!held) return
        held = false
        this.slots.give(userId)
      }
      try {
        await next()
      } catch (error) {
        release()
        throw error
      }
      // An answer that is not a stream (a 404 before the stream started) holds nothing.
      if (!(ctx.body instanceof Readable) || ctx.res.destroyed || ctx.req.socket.destroyed) release()
      else ctx.res.once('close', release)
    }
  }
}

/**
 * Which requests open an event stream: the routes named by operation id (a renamed path cannot slip
 * past the cap; a missing id fails at start), each with the condition on its body under which it
 * streams (a conversation's reply streams only with `{"stream": true}`).
 */
export function eventStreamMatcher(
  routes: ReadonlyArray<{ operationId: string; method: HttpMethod; path: string }>,
  streams: Record<string, (body: unknown) => boolean>,
): (ctx: Context) => boolean {
  const router = new Router({ sensitive: true })
  const conditions = new Map<string, (body: unknown) => boolean>()
  for (const [operationId, when] of Object.entries(streams)) {
    const route = routes.find((candidate) => candidate.operationId === operationId)
    if (!route) throw new Error(`No route ${operationId}: the event stream cap would miss it`)
    router[route.method](operationId, route.path, () => undefined)
    conditions.set(operationId, when)
  }
  return (ctx) =>
    router
      .match(ctx.path, ctx.method)
      .pathAndMethod.some(
        (layer) => layer.name !== undefined && conditions.get(layer.name)?.(ctx.request.body) === true,
      )
}
