/**
 * What the sync UI shows. `off`: no loop runs (no one signed in). `offline`: the device has no network,
 * or the last round could not reach the server; changes stay in the outbox. `error`: the last round
 * failed otherwise (the server refused, a session ended); `error` holds its message.
 */
export type SyncState = 'off' | 'idle' | 'syncing' | 'offline' | 'error'

export interface SyncStatus {
  state: SyncState
  /** The end of the last successful round (ISO 8601), null before the first. */
  last_synced_at: string | null
  /** Local changes not yet acknowledged by the server (the outbox). */
  pending: number
  /** The last round's failure, null after a success. */
  error: string | null
  /** When the next round is due (ISO 8601); null while one runs or while waiting for the network. */
  next_attempt_at: string | null
  server_url: string | null
}

/** The status while no loop runs. */
export const SYNC_STATUS_OFF: SyncStatus = Object.freeze({
  state: 'off',
  last_synced_at: null,
  pending: 0,
  error: null,
  next_attempt_at: null,
  server_url: null,
})

export type TimerHandle = unknown

export interface SyncLoopOptions {
  /** One full sync round (push the outbox, then pull); throws on failure, leaving everything retryable. */
  round: () => Promise<unknown>
  /** The outbox size, for the status. */
  pending: () => Promise<number>
  /**
   * Listens to the server's change events, calling `onChanged` for each, until the stream ends: it
   * resolves or rejects then, and must end when `signal` aborts. The loop reopens it, with the same
   * backoff as rounds, while it runs.
   */
  listen?: (onChanged: () => void, signal: AbortSignal) => Promise<void>
  /**
   * `navigator.onLine` in the worker. While false, no round starts; the loop looks again every
   * `onlineCheckMs` (a dedicated worker is not always sent `online` events) or when nudged.
   */
  isOnline?: () => boolean
  /** How often to look at `isOnline` while waiting for the network (no request is made). Default 3 s. */
  onlineCheckMs?: number
  /** Whether a failure means "no network" (state `offline`) rather than `error`. Default: a TypeError, as fetch throws. */
  isOffline?: (error: unknown) => boolean
  now?: () => number
  setTimer?: (run: () => void, ms: number) => TimerHandle
  clearTimer?: (handle: TimerHandle) => void
  /** In [0, 1), for the backoff's jitter. */
  random?: () => number
  /** A round this long after the last success even without events or local writes. Default 30 s. */
  intervalMs?: number
  /** Nudges within this window (a burst of local writes) make one round. Default 300 ms. */
  debounceMs?: number
  /** Waits after consecutive failures: initialMs, doubled each time up to maxMs, with jitter; reset by a success. */
  backoff?: { initialMs: number; maxMs: number }
  serverUrl?: () => string | null
  /** Called after every change of state (round started, ended, loop stopped). */
  onStatus?: (status: SyncStatus) => void
}

type Timer = { handle: TimerHandle; due: number }

/**
 * Runs sync rounds in the background: one at a time, soon after local writes (debounced), on every
 * server event, and at an interval; after a failure it waits with exponential backoff. A nudge during
 * a round schedules exactly one more after it. Nothing here knows about Dexie or fetch: the host
 * passes the round and tells the loop about writes and the network coming back (`nudge`).
 */
export class SyncLoop {
  private readonly options: SyncLoopOptions
  private readonly now: () => number
  private readonly setTimer: (run: () => void, ms: number) => TimerHandle
  private readonly clearTimer: (handle: TimerHandle) => void
  private readonly isOnline: () => boolean
  private readonly isOffline: (error: unknown) => boolean
  private readonly intervalMs: number
  private readonly debounceMs: number
  private readonly onlineCheckMs: number
  private readonly backoff: { initialMs: number; maxMs: number }

  private running = false
  private state: SyncState = 'off'
  private lastSyncedAt: string | null = null
  private lastError: string | null = null
  private lastPending = 0
  private failures = 0
  private timer: Timer | undefined
  private networkWatch: TimerHandle | undefined
  private current: Promise<void> | undefined
  private followUp: Promise<void> | undefined
  private again = false
  private emitting: Promise<void> = Promise.resolve()

  private stream: AbortController | undefined
  private streamTimer: TimerHandle | undefined
  private streamFailures = 0

  constructor(options: SyncLoopOptions) {
    this.options = options
    this.now = options.now ?? (() => Date.now())
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
    this.isOnline = options.isOnline ?? (() => true)
    this.isOffline = options.isOffline ?? ((error) => error instanceof TypeError)
    this.intervalMs = options.intervalMs ?? 30_000
    this.debounceMs = options.debounceMs ?? 300
    this.onlineCheckMs = options.onlineCheckMs ?? 3_000
    this.backoff = options.backoff ?? { initialMs: 1_000, maxMs: 60_000 }
  }

  /** Starts with a round at once (or waits for the network) and opens the event stream. */
  start(): void {
    if (this.running) return
    this.running = true
    this.failures = 0
    this.streamFailures = 0
    this.state = 'idle'
    // The round at once reports 'syncing' (or 'offline'): no status of its own here.
    this.schedule(0)
    this.openStream()
  }

  /** Cancels timers and the stream and waits for a running round; the status is `off` after. */
  async stop(): Promise<void> {
    this.running = false
    this.again = false
    this.cancelTimer()
    this.stopWatchingNetwork()
    this.closeStream()
    await this.current?.catch(() => undefined)
    // start() again while the round finished: that loop's state is not ours to reset.
    if (this.running) return
    this.state = 'off'
    this.emit()
  }

  /**
   * Something happened that deserves a round soon: a local write, the network back, "Sync now". Cuts a
   * backoff or interval wait short; during a round, one more round follows it. Nudges within the
   * debounce window share one round.
   */
  nudge(): void {
    if (!this.running) return
    if (!this.stream && this.streamTimer === undefined) this.openStream()
    if (this.current) {
      this.again = true
      return
    }
    const due = this.now() + this.debounceMs
    if (this.timer && this.timer.due <= due) return
    this.schedule(this.debounceMs)
    this.emit()
  }

  /**
   * Runs a round now, even if the device looks offline (the person asked), or after the running one.
   * Concurrent callers share the follow-up round. Resolves the status after it; with no loop running,
   * runs nothing and resolves `off`.
   */
  async syncNow(): Promise<SyncStatus> {
    if (!this.running) return this.status()
    if (this.current) {
      this.followUp ??= this.current.then(() => {
        this.followUp = undefined
        return this.runRound(true)
      })
      await this.followUp
    } else {
      await this.runRound(true)
    }
    return this.status()
  }

  async status(): Promise<SyncStatus> {
    return this.snapshot()(await this.readPending())
  }

  /** The status as it is now, but for the outbox count, which is read after. */
  private snapshot(): (pending: number) => SyncStatus {
    let state = this.state
    // Going offline between rounds shows at once, not only when the next round is due.
    if (state === 'idle' && this.running && !this.isOnline()) state = 'offline'
    const status = {
      state,
      last_synced_at: this.lastSyncedAt,
      error: this.lastError,
      next_attempt_at: this.timer && this.running ? new Date(this.timer.due).toISOString() : null,
      server_url: this.options.serverUrl?.() ?? null,
    }
    return (pending) => ({ ...status, pending })
  }

  private async readPending(): Promise<number> {
    try {
      this.lastPending = await this.options.pending()
    } catch {
      // The outbox could not be read (a closing database): the last count is the best guess.
    }
    return this.lastPending
  }

  /** One round, unless one runs already (then one more follows it). `force` ignores `isOnline`. */
  private runRound(force: boolean): Promise<void> {
    if (!this.running) return Promise.resolve()
    if (this.current) {
      this.again = true
      return this.current
    }
    this.cancelTimer()
    this.stopWatchingNetwork()
    if (!force && !this.isOnline()) {
      // No attempt while the device says it has no network: a nudge or the watch sees it come back.
      this.state = 'offline'
      this.watchNetwork()
      this.emit()
      return Promise.resolve()
    }
    // Writes made from here on may miss this round's push: only a nudge from now on asks for another.
    this.again = false
    this.state = 'syncing'
    this.emit()
    const round = this.attempt().finally(() => {
      this.current = undefined
    })
    this.current = round
    return round
  }

  private async attempt(): Promise<void> {
    let failed = false
    try {
      await this.options.round()
      this.failures = 0
      this.lastError = null
      this.lastSyncedAt = new Date(this.now()).toISOString()
      this.state = 'idle'
    } catch (error) {
      failed = true
      this.failures += 1
      this.lastError = error instanceof Error && error.message ? error.message : String(error)
      this.state = this.isOffline(error) || !this.isOnline() ? 'offline' : 'error'
    }
    if (!this.running) return
    if (this.again) this.schedule(this.debounceMs)
    else if (!failed) this.schedule(this.intervalMs)
    else if (this.isOnline()) this.schedule(this.backoffMs(this.failures))
    // Told there is no network: wait for it to come back rather than spin on a dead link.
    else this.watchNetwork()
    this.emit()
  }

  private backoffMs(failures: number): number {
    const { initialMs, maxMs } = this.backoff
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 30))
    // Up to 20% less, so that devices a server outage failed together do not all return at once.
    const random = this.options.random ?? Math.random
    return Math.round(base * (1 - 0.2 * random()))
  }

  private schedule(ms: number): void {
    this.cancelTimer()
    const handle = this.setTimer(() => {
      if (this.timer?.handle !== handle) return
      this.timer = undefined
      void this.runRound(false)
    }, ms)
    this.timer = { handle, due: this.now() + ms }
  }

  private cancelTimer(): void {
    if (this.timer) this.clearTimer(this.timer.handle)
    this.timer = undefined
  }

  /**
   * Looks at `isOnline` now and then while offline and nudges once it is back. Dedicated workers do
   * not reliably get `online` events (Chromium's network emulation sends them none), so the host's
   * nudge on `online` cannot be the only way back. Reading `navigator.onLine` costs nothing.
   */
  private watchNetwork(): void {
    if (this.networkWatch !== undefined || !this.running) return
    this.networkWatch = this.setTimer(() => {
      this.networkWatch = undefined
      if (!this.running) return
      if (this.isOnline()) this.nudge()
      else this.watchNetwork()
    }, this.onlineCheckMs)
  }

  private stopWatchingNetwork(): void {
    if (this.networkWatch !== undefined) this.clearTimer(this.networkWatch)
    this.networkWatch = undefined
  }

  /** Opens the event stream; when it ends, reopens it after backoff, or on the next nudge if offline. */
  private openStream(): void {
    const listen = this.options.listen
    if (!listen || !this.running || !this.isOnline()) return
    const controller = new AbortController()
    this.stream = controller
    const opened = this.now()
    const onChanged = () => {
      if (controller.signal.aborted) return
      this.streamFailures = 0
      this.nudge()
    }
    const ended = () => {
      if (this.stream !== controller) return
      this.stream = undefined
      if (!this.running) return
      // A stream that stayed up a good while worked: a proxy closing idle connections is no failure.
      if (this.now() - opened >= this.backoff.maxMs) this.streamFailures = 0
      this.streamFailures += 1
      if (!this.isOnline()) return
      this.streamTimer = this.setTimer(() => {
        this.streamTimer = undefined
        this.openStream()
      }, this.backoffMs(this.streamFailures))
    }
    let listening: Promise<void>
    try {
      listening = listen(onChanged, controller.signal)
    } catch (error) {
      listening = Promise.reject(error)
    }
    listening.then(ended, ended)
  }

  private closeStream(): void {
    this.stream?.abort()
    this.stream = undefined
    if (this.streamTimer !== undefined) this.clearTimer(this.streamTimer)
    this.streamTimer = undefined
  }

  /** Reports every change, in order: each status is taken when it happens, the outbox count after. */
  private emit(): void {
    const onStatus = this.options.onStatus
    if (!onStatus) return
    const status = this.snapshot()
    this.emitting = this.emitting
      .then(async () => onStatus(status(await this.readPending())))
      .catch(() => {
        // A listener that throws must not stop later reports.
      })
  }
}
