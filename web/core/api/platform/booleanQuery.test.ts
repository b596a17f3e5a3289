import { describe, expect, it } from 'vitest'
import { booleanQuery } from './booleanQuery'

describe('booleanQuery', () => {
  it('reads booleans as FastAPI does', () => {
    for (const yes of ['true', 'True', '1', 'yes', 'on', 'T', 'y'])
      expect(booleanQuery.parse(yes), yes).toBe(true)
    for (const no of ['false', 'False', '0', 'no', 'off', 'f', 'N'])
      expect(booleanQuery.parse(no), no).toBe(false)
  })

  it('refuses anything else', () => {
    for (const bad of ['', '2', 'maybe', 'truthy'])
      expect(booleanQuery.safeParse(bad).success, bad).toBe(false)
  })
})
