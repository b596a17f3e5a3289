import type { IncomingMessage } from 'node:http'
import type { Middleware } from 'koa'

/**
 * Cuts off a request whose body stops arriving: after `idleMs` without a byte from the client, it
 * answers 408 and closes the connection, so a client that sends headers and part of a body cannot
 * hold a connection, a parser and maybe a temporary file for as long as it likes. Only silence counts:
 * a 100 MB upload over a slow link keeps sending and is never cut (the total time is Node's
 * `requestTimeout`, REQUEST_TIMEOUT_S). Nor is the server's own slowness held against the client:
 * while received bytes wait unread (`readableLength`), the clock does not run.
 *
 * Progress is read from the socket's byte count, polled: listening to the body's `data` would start
 * reading it before the parser is ready, and Node's socket timeout would also fire on a long answer.
 */
export function cutStalledBodies(idleMs: number): Middleware {
  return async (ctx, next) => {
    const request = ctx.req
    if (idleMs <= 0 || request.complete || !hasBody(request)) return next()
    const socket = request.socket
    let seen = socket.bytesRead
    let quietSince = Date.now()
    const timer = setInterval(
      () => {
        if (request.complete || socket.destroyed) return stop()
        const now = Date.now()
        if (socket.bytesRead !== seen || request.readableLength > 0) {
          seen = socket.bytesRead
          quietSince = now
          return
        }
        if (now - quietSince < idleMs) return
        stop()
        const response = ctx.res
        // Destroying the request (not only its socket) is what tells the parser waiting for the rest
        // ('aborted'): once the 408 has gone out, Node no longer counts the request as pending and
        // would let a closed socket leave the parser, and the whole request, waiting for ever.
        if (response.headersSent) return void request.destroy()
        const body = JSON.stringify({
          detail: `The request body stopped arriving: nothing came for ${idleMs / 1000} s (BODY_IDLE_TIMEOUT_S)`,
        })
        response.writeHead(408, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          Connection: 'close',
        })
        response.end(body, () => request.destroy())
      },
      Math.max(10, Math.min(1000, idleMs / 4)),
    )
    timer.unref()
    const stop = () => clearInterval(timer)
    // The timer outlives the middleware when a body is left unread (an early 413, no route): Node
    // then reads and drops it, and a client stalling there is cut off the same way.
    request.once('end', stop)
    request.once('close', stop)
    return next()
  }
}

function hasBody(request: IncomingMessage): boolean {
  return (
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
  )
}
