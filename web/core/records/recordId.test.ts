import { describe, expect, it } from 'vitest'
import { canonicalId, recordId } from './recordId'

describe('recordId', () => {
  it('reads a UUID with or without hyphens, in either case, as the hyphenated lower-case form', () => {
    const id = '3f2a8c1e-5b7d-4e9f-8a6c-0d1e2f3a4b5c'
    expect(recordId.parse(id)).toBe(id)
    expect(recordId.parse(id.replace(/-/g, ''))).toBe(id)
    expect(recordId.parse(id.toUpperCase().replace(/-/g, ''))).toBe(id)
  })

  it('refuses what is no UUID', () => {
    for (const bad of [
      '',
      'abc',
      '3f2a8c1e5b7d4e9f8a6c0d1e2f3a4b5',
      '3f2a8c1e-5b7d4e9f-8a6c-0d1e2f3a4b5c',
      'g'.repeat(32),
    ]) {
      expect(canonicalId(bad), bad).toBeUndefined()
      expect(recordId.safeParse(bad).success, bad).toBe(false)
    }
  })
})
