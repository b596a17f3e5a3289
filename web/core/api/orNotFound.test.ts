import { describe, expect, it } from 'vitest'
import { ApiError } from '../kernel/ApiError'
import { orNotFound } from './orNotFound'

describe('orNotFound', () => {
  it('answers what the lookup found', () => {
    const found = { id: 'a' }
    expect(orNotFound(found, 'Nothing here')).toBe(found)
  })

  it('throws a 404 with the detail where the lookup found nothing', () => {
    for (const nothing of [null, undefined, false] as const) {
      let thrown: unknown
      try {
        orNotFound(nothing, 'Nothing here')
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(ApiError)
      expect(thrown).toMatchObject({ status: 404, detail: 'Nothing here' })
    }
  })
})
