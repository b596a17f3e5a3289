import { describe, expect, it } from 'vitest'
import { toErrorResult } from '../api/toErrorResult'
import { storeUnavailable } from './storeUnavailable'

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('storeUnavailable', () => {
  it('knows a database that is away however its client says so', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '53300', '08006', '08001'])
      expect(storeUnavailable(coded(code)), code).toBe(true)
    expect(storeUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(storeUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true)
  })

  it('is not fooled by other failures, nor by a cause it did not raise', () => {
    for (const error of [
      coded('23505', 'duplicate key'),
      coded('ENOENT'),
      new Error('boom'),
      new TypeError('fetch failed', { cause: coded('ECONNREFUSED') }),
      'ECONNREFUSED',
      null,
    ])
      expect(storeUnavailable(error), String(error)).toBe(false)
  })

  it('is answered 503 with Retry-After, saying to try again', () => {
    const result = toErrorResult(
      coded('57P01', 'terminating connection due to administrator command'),
      () => undefined,
    )
    expect(result.status).toBe(503)
    expect(result.headers).toMatchObject({ 'Retry-After': '5' })
    expect(String((result.body as { detail: string }).detail)).toMatch(/try again/i)
    expect(toErrorResult(new Error('boom'), () => undefined).status).toBe(500)
  })
})
