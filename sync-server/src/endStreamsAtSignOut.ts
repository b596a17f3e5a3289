import { Readable } from 'node:stream'
import type { Context, Middleware } from 'koa'
import type { RequestAuth } from './auth/guardApi'

/**
 * Ends an open event stream once the credential that opened it no longer stands: its session signed
 * out or revoked (a password change revokes every other session), its personal token deleted. The
 * credential is checked again every `checkMs` while the stream is open (a query on the accounts
 * database: this works across instances too), and the connection is closed when it fails, so a
 * stolen session that is signed out stops receiving job, sync and chat events at once.
 */
export function endStreamsAtSignOut(isEventStream: (ctx: Context) => boolean, checkMs: number): Middleware {
  return async (ctx, next) => {
    await next()
    const stillSignedIn = (ctx.state.auth as RequestAuth | undefined)?.stillSignedIn
    if (!stillSignedIn || !(ctx.body instanceof Readable) || !isEventStream(ctx)) return
    const body = ctx.body
    let checking = false
    const timer = setInterval(() => {
      if (checking) return
      checking = true
      stillSignedIn()
        .then((live) => {
          if (!live) {
            clearInterval(timer)
            body.destroy()
            ctx.req.socket.destroy()
          }
        })
        // A database that does not answer is not a sign-out: the next check tries again.
        .catch(() => undefined)
        .finally(() => {
          checking = false
        })
    }, checkMs)
    timer.unref()
    ctx.res.once('close', () => clearInterval(timer))
  }
}
