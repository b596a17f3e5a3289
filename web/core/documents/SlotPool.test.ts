import { describe, expect, it } from 'vitest'
import { SlotPool } from './SlotPool'

/** Lets the pool's waiting callers run (they wake on a resolved promise). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function numbered() {
  let made = 0
  return { make: () => ({ n: ++made }), count: () => made }
}

describe('SlotPool', () => {
  it('makes a slot only when one is needed and none is free, up to its size', async () => {
    const { make, count } = numbered()
    const pool = new SlotPool(2, make)
    expect(count()).toBe(0)
    const first = await pool.acquire()
    pool.release(first)
    expect(await pool.acquire()).toBe(first)
    const second = await pool.acquire()
    expect(second).not.toBe(first)
    expect(count()).toBe(2)
  })

  it('lends the slots given back to those waiting, in the order they came', async () => {
    const pool = new SlotPool(1, numbered().make)
    const held = await pool.acquire()
    const order: string[] = []
    const b = pool.acquire().then((slot) => (order.push('b'), slot))
    const c = pool.acquire().then((slot) => (order.push('c'), slot))
    await settle()
    expect(order).toEqual([])
    pool.release(held)
    expect(await b).toBe(held)
    await settle()
    expect(order).toEqual(['b'])
    pool.release(held)
    expect(await c).toBe(held)
    expect(order).toEqual(['b', 'c'])
  })

  it('lets a caller whose signal aborts leave the line at once, taking no slot from the next', async () => {
    const pool = new SlotPool(1, numbered().make)
    const held = await pool.acquire()
    const controller = new AbortController()
    const leaving = pool.acquire(controller.signal)
    const next = pool.acquire()
    controller.abort(new Error('Processing was cancelled'))
    await expect(leaving).rejects.toThrow('Processing was cancelled')
    pool.release(held)
    expect(await next).toBe(held)
    const aborted = AbortSignal.abort(new Error('gone'))
    pool.release(held)
    await expect(pool.acquire(aborted)).rejects.toThrow('gone')
  })

  it('after close lends nothing, refuses those waiting, and hands back the slots it made', async () => {
    const pool = new SlotPool(1, numbered().make, 'The ingestor is closed')
    const held = await pool.acquire()
    const waiting = pool.acquire()
    expect(pool.close()).toEqual([held])
    await expect(waiting).rejects.toThrow('The ingestor is closed')
    await expect(pool.acquire()).rejects.toThrow('The ingestor is closed')
    pool.release(held)
    await expect(pool.acquire()).rejects.toThrow('The ingestor is closed')
  })
})
