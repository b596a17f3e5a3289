/**
 * Hybrid logical clocks: physical milliseconds plus a counter, so stamps follow causality (a write
 * made after seeing another stamps higher) while staying close to wall time, and the node id makes
 * every stamp unique, so last-writer-wins never ties between two different writes.
 */
export interface Hlc {
  /** Milliseconds since the epoch (logical: never behind what this node has seen). */
  wall: number
  /** Orders events within one `wall` millisecond. */
  counter: number
  /** The writer: a client id, or the server's. */
  node: string
}

const WALL_DIGITS = 15 // year 33658; Date.now() has 13 digits today
const COUNTER_DIGITS = 6
const MAX_WALL = 10 ** WALL_DIGITS - 1
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1
const HLC_PATTERN = new RegExp(`^(\\d{${WALL_DIGITS}})-(\\d{${COUNTER_DIGITS}})-(.+)$`, 's')

/**
 * `000001700000000000-000000-node`: fixed-width wall and counter first, so comparing the strings
 * compares the clocks and stores can index and `max` stamps as plain text.
 */
export function formatHlc(h: Hlc): string {
  if (!Number.isSafeInteger(h.wall) || h.wall < 0 || h.wall > MAX_WALL) {
    throw new RangeError(`HLC wall time out of range: ${h.wall}`)
  }
  if (!Number.isSafeInteger(h.counter) || h.counter < 0 || h.counter > MAX_COUNTER) {
    throw new RangeError(`HLC counter out of range: ${h.counter}`)
  }
  if (h.node.length === 0) throw new RangeError('HLC node id is empty')
  return `${String(h.wall).padStart(WALL_DIGITS, '0')}-${String(h.counter).padStart(COUNTER_DIGITS, '0')}-${h.node}`
}

/** Throws a `SyntaxError` on anything `formatHlc` could not have written. */
export function parseHlc(s: string): Hlc {
  const match = typeof s === 'string' ? HLC_PATTERN.exec(s) : null
  if (!match) throw new SyntaxError(`Not a hybrid logical clock stamp: ${JSON.stringify(s)}`)
  return { wall: Number(match[1]), counter: Number(match[2]), node: match[3] ?? '' }
}

/**
 * A stamp too far ahead of this machine's clock. Accepting it would drag every later stamp of this
 * node (and of everyone who hears from it) into the future, where it would win every conflict; so
 * the stamp is refused and the writer has to fix its clock.
 */
export class ClockDriftError extends Error {
  constructor(
    message: string,
    /** How far ahead the refused stamp was, in milliseconds. */
    readonly driftMs: number,
  ) {
    super(message)
    this.name = 'ClockDriftError'
  }
}

function later(a: { wall: number; counter: number }, b: { wall: number; counter: number }): boolean {
  return a.wall > b.wall || (a.wall === b.wall && a.counter > b.counter)
}

/**
 * One node's clock. State lives in memory: a host that restarts should `receive` the highest stamp it
 * has stored before writing, or a physical clock set back meanwhile would stamp below its old writes.
 */
export class HlcClock {
  private wall = 0
  private counter = 0
  /** The highest stamp received from elsewhere: `rewind` never goes below it. */
  private remote = { wall: 0, counter: 0 }

  constructor(
    readonly node: string,
    private readonly now: () => number,
    readonly maxDriftMs = 60_000,
  ) {
    if (node.length === 0) throw new RangeError('HLC node id is empty')
  }

  /** A new stamp, higher than every stamp this clock issued or received. */
  tick(): string {
    const physical = Math.floor(this.now())
    if (physical > this.wall) {
      this.wall = physical
      this.counter = 0
    } else if (this.counter < MAX_COUNTER) {
      this.counter++
    } else {
      // A million stamps in one millisecond (only reachable through received counters): borrow the
      // next millisecond rather than fail; the clock runs 1 ms ahead until physical time catches up.
      this.wall++
      this.counter = 0
    }
    return formatHlc({ wall: this.wall, counter: this.counter, node: this.node })
  }

  /**
   * Moves this clock to at least `remote`, so the next `tick` stamps past it. A stamp more than
   * `maxDriftMs` ahead of local physical time throws `ClockDriftError` and changes nothing; a
   * malformed one throws `SyntaxError`.
   */
  receive(remote: string): void {
    const r = parseHlc(remote)
    const physical = Math.floor(this.now())
    const drift = r.wall - physical
    if (drift > this.maxDriftMs) {
      throw new ClockDriftError(
        `Clock stamp from ${r.node} is ${drift} ms ahead of this clock (limit ${this.maxDriftMs} ms); ` +
          'check the date and time settings of that device',
        drift,
      )
    }
    if (later(r, { wall: this.wall, counter: this.counter })) {
      this.wall = r.wall
      this.counter = r.counter
    }
    if (later(r, this.remote)) this.remote = { wall: r.wall, counter: r.counter }
  }

  /**
   * Forgets this node's own stamps above physical time and above anything received: for a node whose
   * physical clock was set back after it ran ahead, once the stamps it issued meanwhile were refused
   * (nobody else holds them). Its next stamps may be lower than those withdrawn ones, so the caller
   * must re-stamp every write still carrying them (SyncClient does, for its unacknowledged outbox).
   * Returns the stamp it rewound to: this node's stamps above it are the withdrawn ones.
   */
  rewind(): string {
    const physical = Math.floor(this.now())
    const floor = later({ wall: physical, counter: 0 }, this.remote)
      ? { wall: physical, counter: 0 }
      : this.remote
    this.wall = floor.wall
    this.counter = floor.counter
    return formatHlc({ ...floor, node: this.node })
  }
}
