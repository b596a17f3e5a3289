import { sha256Hex } from '../store/FileStore'
import { SyncHttpError, type HttpSyncTransportOptions } from './httpSyncTransport'

export interface HttpBlobTransferOptions extends HttpSyncTransportOptions {
  /** Bytes per PUT and per ranged GET (default 4 MiB; the server takes at most 8 MiB per part). */
  partBytes?: number
}

/** The blob is not on the server (404): upload it, or wait for the device that has it. */
export class BlobMissingError extends Error {
  constructor(readonly key: string) {
    super(`Blob ${key} is not on the sync server`)
    this.name = 'BlobMissingError'
  }
}

/** Moves content-addressed blobs (keyed by SHA-256) to and from the sync server. */
export interface BlobTransfer {
  /** Whether the server has stored the blob (an unfinished upload does not count). */
  has(key: string): Promise<boolean>
  /** Uploads what the server does not hold yet, in parts; resolves once it is stored. */
  upload(key: string, bytes: Uint8Array, onProgress?: (sent: number, total: number) => void): Promise<void>
  /** Downloads in ranged parts and checks the bytes hash to `key`. */
  download(key: string, onProgress?: (received: number, total: number) => void): Promise<Uint8Array>
}

export const DEFAULT_PART_BYTES = 4 * 1024 * 1024
/** Network failures tolerated in a row on one part before giving up. */
const RETRIES = 3

interface BlobStatus {
  key: string
  complete: boolean
  received: number
  size: number | null
}

/**
 * `BlobTransfer` over `/api/v1/sync/blobs/:key` (status, PUT parts with Content-Range, ranged GET).
 *
 * How it fails: a network failure (fetch rejects, or a body breaks off) is retried from where the
 * server stands, up to 3 times in a row per part; then it throws the last error. An error status
 * throws SyncHttpError at once (401, 413, 422...), except 409 on upload: the answer says how many
 * bytes the server holds and the upload continues from there (3 such answers without progress, as
 * when another device is uploading the same blob right now, throw). A 404 on download throws
 * BlobMissingError; bytes that do not hash to the key throw. An aborted `signal` is never retried.
 * Zero-byte blobs are refused by the server and so by `upload`.
 */
export function httpBlobTransfer(options: HttpBlobTransferOptions): BlobTransfer {
  const base = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES
  if (!Number.isInteger(partBytes) || partBytes < 1) throw new Error('partBytes must be a positive integer')
  const path = (key: string) => `${base}/api/v1/sync/blobs/${encodeURIComponent(key)}`

  async function send(url: string, init: RequestInit): Promise<Response> {
    const token = await options.token()
    const headers = new Headers(init.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    return doFetch(url, { ...init, headers, signal: options.signal })
  }

  async function failure(response: Response): Promise<SyncHttpError> {
    const text = await response.text().catch(() => '')
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      // Not JSON: the text itself is the detail.
    }
    return new SyncHttpError(response.status, (body as { detail?: unknown } | undefined)?.detail ?? body)
  }

  async function status(key: string): Promise<BlobStatus> {
    const response = await send(`${path(key)}/status`, {
      method: 'GET',
      headers: { accept: 'application/json' },
    })
    if (!response.ok) throw await failure(response)
    return (await response.json()) as BlobStatus
  }

  /** Counts failures in a row; rethrows HTTP errors, aborts and the fourth network failure. */
  function retrier() {
    let failures = 0
    return {
      failed(error: unknown): void {
        if (error instanceof SyncHttpError || error instanceof BlobMissingError || options.signal?.aborted) {
          throw error
        }
        failures += 1
        if (failures > RETRIES) throw error
      },
      succeeded(): void {
        failures = 0
      },
    }
  }

  return {
    async has(key) {
      return (await status(key)).complete
    },

    async upload(key, bytes, onProgress) {
      const total = bytes.length
      if (total === 0) throw new Error('Zero-byte blobs are not uploaded')
      const retry = retrier()
      // Where the server stands; undefined: ask it (at the start, and after a network failure).
      let offset: number | undefined
      let conflicts = 0
      for (;;) {
        try {
          if (offset === undefined) {
            const held = await status(key)
            if (held.complete) break
            offset = held.received
            onProgress?.(offset, total)
          }
          const end = Math.min(offset + partBytes, total)
          const response = await send(path(key), {
            method: 'PUT',
            headers: {
              'content-type': 'application/octet-stream',
              'content-range': `bytes ${offset}-${end - 1}/${total}`,
            },
            body: bytes.slice(offset, end),
          })
          if (response.status === 409) {
            const { received } = (await response.json()) as { received: number }
            conflicts = received === offset ? conflicts + 1 : 0
            if (conflicts >= RETRIES)
              throw new SyncHttpError(409, 'Another upload of this blob keeps the server busy')
            offset = received
            continue
          }
          if (!response.ok) throw await failure(response)
          const answer = (await response.json()) as BlobStatus
          retry.succeeded()
          conflicts = 0
          if (answer.complete) break
          offset = answer.received
          onProgress?.(offset, total)
        } catch (error) {
          retry.failed(error)
          offset = undefined
        }
      }
      onProgress?.(total, total)
    },

    async download(key, onProgress) {
      const retry = retrier()
      let whole: Uint8Array | undefined
      let received = 0
      while (whole === undefined || received < whole.length) {
        try {
          const response = await send(path(key), {
            method: 'GET',
            headers: { range: `bytes=${received}-${received + partBytes - 1}` },
          })
          if (response.status === 404) {
            await response.body?.cancel()
            throw new BlobMissingError(key)
          }
          if (response.status === 200) {
            // The server sent everything (it may ignore a Range): keep what is not held yet.
            const all = new Uint8Array(await response.arrayBuffer())
            whole = all
            received = all.length
          } else if (response.status === 206) {
            const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '')
            if (!range || Number(range[1]) !== received) {
              throw new SyncHttpError(
                206,
                `Unexpected Content-Range ${response.headers.get('content-range')}`,
              )
            }
            const part = new Uint8Array(await response.arrayBuffer())
            if (part.length !== Number(range[2]) - received + 1) throw new Error('The part broke off')
            whole ??= new Uint8Array(Number(range[3]))
            whole.set(part, received)
            received += part.length
          } else {
            throw await failure(response)
          }
          retry.succeeded()
          onProgress?.(received, whole.length)
        } catch (error) {
          retry.failed(error)
        }
      }
      if ((await sha256Hex(whole)) !== key) throw new Error(`The downloaded blob does not hash to ${key}`)
      return whole
    },
  }
}
