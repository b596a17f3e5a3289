import pg from 'pg'

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (its default build). */
export const MAX_PAYLOAD_BYTES = 7999

/** A topic is the tail of a channel name: short, lower case, no quoting surprises. */
const TOPIC = /^[a-z][a-z0-9_]{0,40}$/

export interface ClusterBusOptions {
  /** The dedicated connection's settings (never a pooled client: LISTEN is per session). */
  connection: pg.ClientConfig
  /** Channels are `<prefix>_<topic>`; deployments sharing one database keep apart by prefix. */
  channelPrefix?: string
  /** Backoff between reconnection attempts, doubled from `minMs` up to `maxMs`. */
  reconnect?: { minMs?: number; maxMs?: number }
  /** A dropped connection, a failed reconnection, a subscriber that threw. */
  onError?: (error: unknown) => void
}

export interface SubscribeOptions {
  /** Also deliver this instance's own messages (off by default: the publisher has acted already). */
  includeOwn?: boolean
}

type Listener = { fn: (payload: unknown) => void; includeOwn: boolean }

/**
 * Messages between the instances of one deployment over PostgreSQL's LISTEN/NOTIFY, on one dedicated
 * connection per process (`pg.Client`, not a pooled one: LISTEN belongs to a session).
 *
 * - `publish` sends JSON after the caller's data is committed, so a receiver that re-reads the
 *   database sees it. Payloads are refused at 8,000 bytes: send ids, never records.
 * - An instance's own messages are not delivered back to it unless a subscriber asks (`includeOwn`):
 *   the publisher already updated its own state, and doing it twice costs a re-read for nothing.
 * - NOTIFY is fire and forget: a message sent while this connection is down is lost to this instance.
 *   When the connection drops, the bus reconnects with backoff, listens again and calls the
 *   `onReconnect` callbacks: whoever holds state fed by the bus re-reads it from the database.
 *   Messages published while down wait in memory and go out once connected again.
 */
export class ClusterBus {
  private client: pg.Client | undefined
  /** Each connection's queue of queries (see `serially`). */
  private readonly lines = new WeakMap<pg.Client, Promise<unknown>>()
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly reconnectCallbacks = new Set<() => void>()
  private readonly waiting: { channel: string; text: string; settle: (error?: unknown) => void }[] = []
  private connecting: Promise<void> | undefined
  private closed = false
  private flushing = false
  private readonly prefix: string
  private readonly onError: (error: unknown) => void

  private constructor(private readonly options: ClusterBusOptions) {
    this.prefix = options.channelPrefix ?? 'quire'
    this.onError = options.onError ?? ((error) => console.warn('cluster bus:', error))
  }

  /** Connects once (throwing if PostgreSQL cannot be reached at start) and returns the bus. */
  static async open(options: ClusterBusOptions): Promise<ClusterBus> {
    const bus = new ClusterBus(options)
    await bus.connect()
    return bus
  }

  /**
   * Sends `payload` as JSON to every instance subscribed to `topic`. Resolves once PostgreSQL took it;
   * while reconnecting it waits for the connection. Throws at once for a payload too big to send.
   */
  publish(topic: string, payload: unknown): Promise<void> {
    const channel = this.channel(topic)
    const text = JSON.stringify(payload)
    if (text === undefined) throw new TypeError('cluster bus: the payload is not JSON')
    const bytes = Buffer.byteLength(text, 'utf8')
    if (bytes > MAX_PAYLOAD_BYTES) {
      throw new RangeError(
        `cluster bus: a ${bytes}-byte payload on ${topic} is over PostgreSQL's limit (${MAX_PAYLOAD_BYTES}); send ids, not records`,
      )
    }
    if (this.closed) return Promise.reject(new Error('cluster bus: closed'))
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ channel, text, settle: (error) => (error ? reject(error) : resolve()) })
      void this.flush()
    })
  }

  /** Calls `fn` with each message on `topic`; returns the function that stops it. */
  subscribe<T = unknown>(
    topic: string,
    fn: (payload: T) => void,
    options: SubscribeOptions = {},
  ): () => void {
    const channel = this.channel(topic)
    const listener: Listener = {
      fn: fn as (payload: unknown) => void,
      includeOwn: options.includeOwn ?? false,
    }
    let set = this.listeners.get(channel)
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
      this.queryIfConnected(`LISTEN ${quote(channel)}`)
    }
    set.add(listener)
    return () => {
      const current = this.listeners.get(channel)
      if (!current?.delete(listener) || current.size > 0) return
      this.listeners.delete(channel)
      this.queryIfConnected(`UNLISTEN ${quote(channel)}`)
    }
  }

  /**
   * Calls `fn` after the connection came back: messages may have been missed meanwhile, so
   * state fed by the bus should be re-read. Returns the function that stops it.
   */
  onReconnect(fn: () => void): () => void {
    this.reconnectCallbacks.add(fn)
    return () => this.reconnectCallbacks.delete(fn)
  }

  /**
   * Resolves once every LISTEN asked for so far is in place: a test (or a start-up step) that must
   * not miss the next message awaits it after subscribing.
   */
  async ready(): Promise<void> {
    await this.connecting
    if (this.client) await this.serially(this.client, 'SELECT 1')
  }

  async close(): Promise<void> {
    this.closed = true
    for (const item of this.waiting.splice(0)) item.settle(new Error('cluster bus: closed'))
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  private channel(topic: string): string {
    if (!TOPIC.test(topic))
      throw new TypeError(`cluster bus: topic ${JSON.stringify(topic)} is not [a-z][a-z0-9_]*`)
    return `${this.prefix}_${topic}`
  }

  /** Sends waiting messages in order on the live connection; those that fail wait for the next one. */
  private async flush(): Promise<void> {
    const client = this.client
    if (!client || this.flushing) return
    this.flushing = true
    try {
      while (this.waiting.length > 0 && this.client === client) {
        const item = this.waiting[0]!
        try {
          await this.serially(client, 'SELECT pg_notify($1, $2)', [item.channel, item.text])
        } catch (error) {
          // PostgreSQL refused this message (an ERROR: the connection is fine, the message is not).
          // A FATAL (the session ended, e.g. terminated by an administrator) is a lost connection:
          // the message waits for the next one.
          if (!(error instanceof pg.DatabaseError) || error.severity !== 'ERROR') throw error
          this.waiting.shift()
          item.settle(error)
          continue
        }
        this.waiting.shift()
        item.settle()
      }
    } catch (error) {
      // The connection died under us: a reconnection starts, and flushes what still waits.
      this.dropped(client, error)
    } finally {
      this.flushing = false
    }
  }

  /**
   * Runs one query after the ones already sent on this connection: pg takes one query at a time per
   * client (a second while one runs is deprecated, and an error from pg 9), and a subscribe, a
   * publish and `ready` can all come at once. Each connection has its own line, so a query hanging on
   * a dead one never holds up the next.
   */
  private serially(client: pg.Client, sql: string, params?: unknown[]): Promise<unknown> {
    const next = (this.lines.get(client) ?? Promise.resolve()).then(() => client.query(sql, params))
    this.lines.set(
      client,
      next.catch(() => {}),
    )
    return next
  }

  private queryIfConnected(sql: string) {
    const client = this.client
    // Until a (re)connection is in place it listens to every channel current then (Map iteration sees
    // channels added while it runs), and sets `client` only after.
    if (!client) return
    this.serially(client, sql).catch((error: unknown) => this.dropped(client, error))
  }

  private connect(): Promise<void> {
    const attempt = async () => {
      const client = new pg.Client({
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        ...this.options.connection,
      })
      client.on('error', (error) => this.dropped(client, error))
      client.on('end', () => this.dropped(client, new Error('connection ended')))
      client.on('notification', (message) => this.deliver(client, message))
      await client.connect()
      try {
        for (const channel of this.listeners.keys()) await client.query(`LISTEN ${quote(channel)}`)
      } catch (error) {
        await client.end().catch(() => {})
        throw error
      }
      this.client = client
    }
    this.connecting = attempt().finally(() => {
      this.connecting = undefined
    })
    return this.connecting.then(() => void this.flush())
  }

  private dropped(client: pg.Client, error: unknown) {
    if (this.closed || this.client !== client) return
    this.client = undefined
    this.onError(error)
    client.end().catch(() => {})
    void this.reconnect()
  }

  private async reconnect() {
    const minMs = this.options.reconnect?.minMs ?? 100
    const maxMs = this.options.reconnect?.maxMs ?? 5_000
    for (let delay = minMs; !this.closed; delay = Math.min(maxMs, delay * 2)) {
      // Jitter, so the instances of a deployment do not all knock at once after a restart.
      await sleep(delay * (0.5 + Math.random() / 2))
      if (this.closed) return
      try {
        await this.connect()
      } catch (error) {
        this.onError(error)
        continue
      }
      if (this.closed) {
        await this.close()
        return
      }
      for (const fn of [...this.reconnectCallbacks]) this.call(fn, undefined)
      return
    }
  }

  private deliver(client: pg.Client, message: pg.Notification) {
    const set = this.listeners.get(message.channel)
    if (!set || message.payload === undefined) return
    const own = message.processId === (client as unknown as { processID: number }).processID
    let payload: unknown
    try {
      payload = JSON.parse(message.payload)
    } catch (error) {
      this.onError(error)
      return
    }
    for (const listener of [...set]) if (!own || listener.includeOwn) this.call(listener.fn, payload)
  }

  private call(fn: (payload: unknown) => void, payload: unknown) {
    try {
      fn(payload)
    } catch (error) {
      this.onError(error)
    }
  }
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
