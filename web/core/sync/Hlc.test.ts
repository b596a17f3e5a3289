import { describe, expect, it } from 'vitest'
import { ClockDriftError, formatHlc, HlcClock, parseHlc } from './Hlc'

describe('formatHlc / parseHlc', () => {
  it('round-trips and orders as text the way the clocks order', () => {
    const stamps = [
      { wall: 1_700_000_000_000, counter: 0, node: 'b' },
      { wall: 1_700_000_000_000, counter: 1, node: 'a' },
      { wall: 1_700_000_000_001, counter: 0, node: 'a' },
      { wall: 999, counter: 999_999, node: 'z' },
    ]
    for (const h of stamps) expect(parseHlc(formatHlc(h))).toEqual(h)
    const sorted = stamps.map(formatHlc).sort()
    expect(sorted.map(parseHlc).map((h) => [h.wall, h.counter])).toEqual([
      [999, 999_999],
      [1_700_000_000_000, 0],
      [1_700_000_000_000, 1],
      [1_700_000_000_001, 0],
    ])
  })

  it('keeps node ids with dashes', () => {
    expect(parseHlc(formatHlc({ wall: 5, counter: 2, node: 'client-1-x' })).node).toBe('client-1-x')
  })

  it('throws on garbage and on values it cannot write', () => {
    for (const bad of [
      '',
      'x',
      '1-2-a',
      '000000000000005-000002-',
      '000000000000005-00002-a',
      5 as unknown as string,
    ]) {
      expect(() => parseHlc(bad)).toThrow(SyntaxError)
    }
    expect(() => formatHlc({ wall: -1, counter: 0, node: 'a' })).toThrow(RangeError)
    expect(() => formatHlc({ wall: 1, counter: 1_000_000, node: 'a' })).toThrow(RangeError)
    expect(() => formatHlc({ wall: 1, counter: 0, node: '' })).toThrow(RangeError)
  })
})

describe('HlcClock', () => {
  it('ticks strictly upward even when physical time stands still or goes back', () => {
    let t = 1000
    const clock = new HlcClock('a', () => t)
    const a = clock.tick()
    const b = clock.tick()
    t = 500
    const c = clock.tick()
    t = 2000
    const d = clock.tick()
    expect([a, b, c, d]).toEqual([...[a, b, c, d]].sort())
    expect(new Set([a, b, c, d]).size).toBe(4)
    expect(parseHlc(d)).toEqual({ wall: 2000, counter: 0, node: 'a' })
  })

  it('after receiving a remote stamp, stamps past it', () => {
    const clock = new HlcClock('a', () => 1000)
    const remote = formatHlc({ wall: 30_000, counter: 7, node: 'b' })
    clock.receive(remote)
    expect(clock.tick() > remote).toBe(true)
    // An older remote stamp does not move it back.
    clock.receive(formatHlc({ wall: 10, counter: 0, node: 'c' }))
    expect(parseHlc(clock.tick()).wall).toBe(30_000)
  })

  it('refuses a stamp beyond the drift limit and stays where it was', () => {
    const clock = new HlcClock('a', () => 1000, 60_000)
    const before = clock.tick()
    const remote = formatHlc({ wall: 1000 + 60_001, counter: 0, node: 'b' })
    expect(() => clock.receive(remote)).toThrow(ClockDriftError)
    try {
      clock.receive(remote)
    } catch (error) {
      expect((error as ClockDriftError).driftMs).toBe(60_001)
    }
    const after = parseHlc(clock.tick())
    expect(after).toEqual({ ...parseHlc(before), counter: parseHlc(before).counter + 1 })
    expect(() => clock.receive(formatHlc({ wall: 61_000, counter: 0, node: 'b' }))).not.toThrow()
  })

  it('rewinds to physical time or the highest received stamp, never below what it heard', () => {
    let t = 10_000_000
    const clock = new HlcClock('a', () => t)
    clock.tick() // issued while the device clock was far ahead
    t = 1_000
    clock.receive(formatHlc({ wall: 5_000, counter: 3, node: 'b' }))
    expect(parseHlc(clock.tick()).wall).toBe(10_000_000)
    expect(clock.rewind()).toBe(formatHlc({ wall: 5_000, counter: 3, node: 'a' }))
    expect(parseHlc(clock.tick())).toEqual({ wall: 5_000, counter: 4, node: 'a' })
    t = 9_000
    expect(clock.rewind()).toBe(formatHlc({ wall: 9_000, counter: 0, node: 'a' }))
  })
})
