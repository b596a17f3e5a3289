import { describe, expect, it } from 'vitest'
import { ParseError } from '../../ParseError'
import { withLimits } from './withLimits'

const never = new Promise<never>(() => undefined)
const onTimeout = () => new ParseError('timeout', 'too slow')

describe('withLimits', () => {
  it('passes a settled value or error through', async () => {
    await expect(withLimits(Promise.resolve(1), { timeoutMs: 1000, onTimeout })).resolves.toBe(1)
    await expect(withLimits(Promise.reject(new Error('no')), { timeoutMs: 1000, onTimeout })).rejects.toThrow(
      'no',
    )
  })

  it('gives up after the step time', async () => {
    await expect(withLimits(never, { timeoutMs: 10, onTimeout })).rejects.toThrow('too slow')
  })

  it('rejects with a timeout ParseError when the signal aborts, before or during the wait', async () => {
    const before = new AbortController()
    before.abort()
    await expect(
      withLimits(never, { signal: before.signal, timeoutMs: 1000, onTimeout }),
    ).rejects.toMatchObject({
      code: 'timeout',
    })
    const during = new AbortController()
    const waiting = withLimits(never, { signal: during.signal, timeoutMs: 1000, onTimeout })
    during.abort()
    await expect(waiting).rejects.toBeInstanceOf(ParseError)
  })
})
