import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SyncLoop, type SyncLoopOptions, type SyncStatus } from './SyncLoop'

const START = Date.parse('2025-01-01T00:00:00.000Z')

/** A round the test finishes by hand, to look at the loop while it runs. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The times (ms after START) at which the fake round was called. */
function recorder(outcome: () => Promise<unknown> = async () => undefined) {
  const calls: number[] = []
  const round = vi.fn(async () => {
    calls.push(Date.now() - START)
    return outcome()
  })
  return { calls, round }
}

function loopWith(options: Partial<SyncLoopOptions> & Pick<SyncLoopOptions, 'round'>): SyncLoop {
  return new SyncLoop({ pending: async () => 0, random: () => 0, ...options })
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(START)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('SyncLoop', () => {
  it('runs a round at start, then one per interval, and reports the end of the last success', async () => {
    const { calls, round } = recorder()
    const loop = loopWith({ round, intervalMs: 30_000, serverUrl: () => 'https://sync.example' })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual([0])
    await vi.advanceTimersByTimeAsync(65_000)
    expect(calls).toEqual([0, 30_000, 60_000])
    const status = await loop.status()
    expect(status).toMatchObject({
      state: 'idle',
      last_synced_at: new Date(START + 60_000).toISOString(),
      error: null,
      next_attempt_at: new Date(START + 90_000).toISOString(),
      server_url: 'https://sync.example',
    })
    await loop.stop()
  })

  it('coalesces a burst of nudges into one debounced round', async () => {
    const { calls, round } = recorder()
    const loop = loopWith({ round, debounceMs: 300 })
    loop.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toEqual([0])
    for (let i = 0; i < 5; i++) {
      loop.nudge()
      await vi.advanceTimersByTimeAsync(50)
    }
    await vi.advanceTimersByTimeAsync(1_000)
    // The first nudge at 1000 ms sets the round for 1300 ms; the later ones fall inside that window.
    expect(calls).toEqual([0, 1_300])
    await loop.stop()
  })

  it('follows a round with exactly one more when nudged during it, and never runs two at once', async () => {
    const gates: Array<ReturnType<typeof deferred>> = []
    let running = 0
    let overlapped = false
    const round = vi.fn(async () => {
      running += 1
      if (running > 1) overlapped = true
      const gate = deferred()
      gates.push(gate)
      await gate.promise.finally(() => (running -= 1))
    })
    const loop = loopWith({ round, debounceMs: 300 })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(round).toHaveBeenCalledTimes(1)
    expect((await loop.status()).state).toBe('syncing')
    loop.nudge()
    loop.nudge()
    loop.nudge()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(round).toHaveBeenCalledTimes(1)
    gates[0]?.resolve()
    await vi.advanceTimersByTimeAsync(300)
    expect(round).toHaveBeenCalledTimes(2)
    gates[1]?.resolve()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(round).toHaveBeenCalledTimes(2)
    expect(overlapped).toBe(false)
    await loop.stop()
  })

  it('backs off exponentially after failures, up to the maximum, and resets after a success', async () => {
    let failing = true
    const { calls, round } = recorder(async () => {
      if (failing) throw new Error('Sync request failed with 500: boom')
    })
    const loop = loopWith({ round, backoff: { initialMs: 1_000, maxMs: 8_000 }, intervalMs: 30_000 })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    const failed = await loop.status()
    expect(failed).toMatchObject({
      state: 'error',
      error: 'Sync request failed with 500: boom',
      last_synced_at: null,
      next_attempt_at: new Date(START + 1_000).toISOString(),
    })
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000 + 8_000)
    expect(calls).toEqual([0, 1_000, 3_000, 7_000, 15_000, 23_000])

    failing = false
    await vi.advanceTimersByTimeAsync(8_000)
    expect(calls.at(-1)).toBe(31_000)
    expect(await loop.status()).toMatchObject({ state: 'idle', error: null })

    failing = true
    await vi.advanceTimersByTimeAsync(30_000)
    expect(calls.at(-1)).toBe(61_000)
    // Back to the first step: the success reset the count.
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls.at(-1)).toBe(62_000)
    await loop.stop()
  })

  it('shortens waits by up to a fifth with jitter', async () => {
    const { calls, round } = recorder(async () => {
      throw new Error('down')
    })
    const loop = loopWith({ round, random: () => 0.5, backoff: { initialMs: 1_000, maxMs: 60_000 } })
    loop.start()
    await vi.advanceTimersByTimeAsync(900 + 1_800)
    expect(calls).toEqual([0, 900, 2_700])
    await loop.stop()
  })

  it('cuts a backoff wait short when nudged', async () => {
    const { calls, round } = recorder(async () => {
      throw new Error('down')
    })
    const loop = loopWith({ round, backoff: { initialMs: 10_000, maxMs: 60_000 }, debounceMs: 300 })
    loop.start()
    await vi.advanceTimersByTimeAsync(1_000)
    loop.nudge()
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toEqual([0, 1_300])
    await loop.stop()
  })

  it('calls a network failure offline, not an error, and keeps retrying with backoff', async () => {
    const { calls, round } = recorder(async () => {
      throw new TypeError('Failed to fetch')
    })
    const loop = loopWith({ round })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(await loop.status()).toMatchObject({ state: 'offline', error: 'Failed to fetch' })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toEqual([0, 1_000])
    await loop.stop()
  })

  it('makes no attempt while the device is offline, until a nudge finds the network back', async () => {
    let online = false
    const { calls, round } = recorder()
    const loop = loopWith({ round, isOnline: () => online, debounceMs: 300 })
    loop.start()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(calls).toEqual([])
    expect(await loop.status()).toMatchObject({ state: 'offline', next_attempt_at: null })
    // A local write while still offline: checked, nothing sent.
    loop.nudge()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toEqual([])
    online = true
    loop.nudge()
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toEqual([121_300])
    expect((await loop.status()).state).toBe('idle')
    await loop.stop()
  })

  it('notices the network back by itself, since a worker may get no online event', async () => {
    let online = false
    const { calls, round } = recorder()
    const loop = loopWith({ round, isOnline: () => online, onlineCheckMs: 3_000, debounceMs: 300 })
    loop.start()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toEqual([])
    online = true
    await vi.advanceTimersByTimeAsync(2_000 + 300)
    expect(calls).toEqual([12_300])
    expect((await loop.status()).state).toBe('idle')
    await loop.stop()
  })

  it('makes no attempt, only checks the network, after a failure while the device says it is offline', async () => {
    let online = true
    const { calls, round } = recorder(async () => {
      online = false
      throw new Error('The network connection was lost')
    })
    const loop = loopWith({ round, isOnline: () => online })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(await loop.status()).toMatchObject({
      state: 'offline',
      error: 'The network connection was lost',
      next_attempt_at: null,
    })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(calls).toEqual([0])
    online = true
    await vi.advanceTimersByTimeAsync(3_000 + 300)
    expect(calls).toEqual([0, 123_300])
    await loop.stop()
  })

  it('shows offline between rounds as soon as the device loses the network', async () => {
    let online = true
    const loop = loopWith({ round: async () => undefined, isOnline: () => online })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect((await loop.status()).state).toBe('idle')
    online = false
    expect((await loop.status()).state).toBe('offline')
    await loop.stop()
  })

  it('reports the outbox size, keeping the last count when it cannot be read', async () => {
    let pending: number | Error = 3
    const loop = loopWith({
      round: async () => undefined,
      pending: async () => {
        if (pending instanceof Error) throw pending
        return pending
      },
    })
    loop.start()
    expect((await loop.status()).pending).toBe(3)
    pending = new Error('DatabaseClosedError')
    expect((await loop.status()).pending).toBe(3)
    await loop.stop()
  })

  it('syncNow runs a round at once, or after the running one, and resolves the status after it', async () => {
    const gates: Array<ReturnType<typeof deferred>> = []
    const round = vi.fn(async () => {
      const gate = deferred()
      gates.push(gate)
      await gate.promise
    })
    const loop = loopWith({ round })
    expect(await loop.syncNow()).toMatchObject({ state: 'off' })
    expect(round).not.toHaveBeenCalled()

    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(round).toHaveBeenCalledTimes(1)
    let first: SyncStatus | undefined
    let second: SyncStatus | undefined
    void loop.syncNow().then((status) => (first = status))
    void loop.syncNow().then((status) => (second = status))
    await vi.advanceTimersByTimeAsync(1_000)
    gates[0]?.resolve()
    await vi.advanceTimersByTimeAsync(0)
    // Both callers share the one round that follows the running one.
    expect(round).toHaveBeenCalledTimes(2)
    expect(first).toBeUndefined()
    gates[1]?.reject(new Error('Your session has ended: sign in again'))
    await vi.advanceTimersByTimeAsync(0)
    expect(first).toMatchObject({ state: 'error', error: 'Your session has ended: sign in again' })
    expect(second).toEqual(first)
    expect(round).toHaveBeenCalledTimes(2)
    await loop.stop()
  })

  it('syncNow tries even when the device says it is offline', async () => {
    const { round } = recorder()
    const loop = loopWith({ round, isOnline: () => false })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(round).not.toHaveBeenCalled()
    const status = await loop.syncNow()
    expect(round).toHaveBeenCalledTimes(1)
    expect(status.last_synced_at).toBe(new Date(START).toISOString())
    await loop.stop()
  })

  it('nudges a round for every server event and reopens the stream with backoff when it ends', async () => {
    const opened: number[] = []
    const signals: AbortSignal[] = []
    let notify: (() => void) | undefined
    let endStream: ((error?: unknown) => void) | undefined
    const listen = vi.fn((onChanged: () => void, signal: AbortSignal) => {
      opened.push(Date.now() - START)
      signals.push(signal)
      notify = onChanged
      return new Promise<void>((resolve, reject) => {
        endStream = (error) => (error ? reject(error) : resolve())
      })
    })
    const { calls, round } = recorder()
    const loop = loopWith({ round, listen, debounceMs: 300, intervalMs: 60_000 })
    loop.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(opened).toEqual([0])
    notify?.()
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toEqual([0, 1_300])

    endStream?.(new TypeError('network error'))
    await vi.advanceTimersByTimeAsync(999)
    expect(opened).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(opened).toEqual([0, 2_300])
    endStream?.()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(opened).toEqual([0, 2_300, 4_300])
    // An event proves the stream works: the next reopen starts from the first step again.
    notify?.()
    endStream?.()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(opened).toEqual([0, 2_300, 4_300, 5_300])

    await loop.stop()
    expect(signals.at(-1)?.aborted).toBe(true)
    endStream?.()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(opened).toHaveLength(4)
  })

  it('stop waits for the running round, cancels every timer, and reports off', async () => {
    const gate = deferred()
    const { round } = recorder(() => gate.promise)
    const statuses: SyncStatus[] = []
    const loop = loopWith({ round, onStatus: (status) => statuses.push(status) })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    loop.nudge()
    let stopped = false
    void loop.stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(stopped).toBe(false)
    gate.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(true)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(round).toHaveBeenCalledTimes(1)
    expect(await loop.status()).toMatchObject({ state: 'off', next_attempt_at: null })
    expect(statuses.map((status) => status.state)).toEqual(['syncing', 'off'])
    loop.nudge()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(round).toHaveBeenCalledTimes(1)
  })

  it('reports each change of state to onStatus', async () => {
    const statuses: SyncStatus[] = []
    const loop = loopWith({ round: async () => undefined, onStatus: (status) => statuses.push(status) })
    loop.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(statuses.map((status) => status.state)).toEqual(['syncing', 'idle'])
    await loop.stop()
  })
})
