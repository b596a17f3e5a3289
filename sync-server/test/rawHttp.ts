import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * One request with node:http, for what fetch will not send: any `Host` header, any header at all.
 * `body` is written as given (a declared Content-Length can lie).
 */
export function httpCall(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

/** What a raw connection saw: the server's answer (when one came) and whether it closed the socket. */
export interface RawOutcome {
  response?: RawResponse
  closed: boolean
}

/**
 * A raw TCP client: write any bytes (headers, half a body), then wait for what the server does.
 * `outcome` resolves at the first of: a complete answer (headers and its Content-Length body), the
 * server closing the connection, or `waitMs` passing with neither (a server still waiting for the
 * client: `{closed: false}` and no response). `waitMs` is sized for a quiet machine: both waits grow
 * with the run's measured slowdown.
 */
export function rawConnection(url: string): {
  socket: Socket
  write(data: string | Buffer): void
  outcome(waitMs: number): Promise<RawOutcome>
  /** Whether the server closes the connection within `waitMs`. */
  closedWithin(waitMs: number): Promise<boolean>
  close(): void
} {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) })
  socket.on('error', () => undefined) // a reset after the server answered is what some tests expect
  let received = Buffer.alloc(0)
  let closed = false
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
    notify()
  })
  socket.on('close', () => {
    closed = true
    notify()
  })
  return {
    socket,
    write: (data) => socket.write(data),
    close: () => socket.destroy(),
    closedWithin(waitMs) {
      return new Promise((resolve) => {
        if (closed) return resolve(true)
        const timer = setTimeout(() => resolve(closed), scaledTimeout(waitMs))
        socket.once('close', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
    },
    outcome(waitMs) {
      return new Promise((resolve) => {
        const check = (final: boolean) => {
          const response = parseResponse(received)
          if (response?.complete || closed || final) {
            listeners.delete(listener)
            clearTimeout(timer)
            resolve({ response: response?.response, closed })
          }
        }
        const listener = () => check(false)
        const timer = setTimeout(() => check(true), scaledTimeout(waitMs))
        listeners.add(listener)
        check(false)
      })
    },
  }
}

function parseResponse(bytes: Buffer): { response: RawResponse; complete: boolean } | undefined {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const headers: IncomingHttpHeaders = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = bytes.subarray(end + 4)
  const length = Number(headers['content-length'] ?? NaN)
  return {
    response: { status: Number(statusLine?.split(' ')[1] ?? 0), headers, body: body.toString('utf8') },
    complete: Number.isFinite(length) && body.length >= length,
  }
}
