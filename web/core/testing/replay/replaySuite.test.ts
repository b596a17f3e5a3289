import { describe, expect, it } from 'vitest'
import { replaySuite } from './replaySuite'

// Each case must say where in BrainDrive's code the request comes from, so it can be checked against it.
describe('the client replay suite', () => {
  it('cites the client code of every case, with unique names', () => {
    const names = new Set<string>()
    for (const testCase of replaySuite) {
      expect(testCase.sources.length, testCase.name).toBeGreaterThan(0)
      for (const source of testCase.sources) {
        expect(source, testCase.name).toMatch(/^[\w.-]+\/[\w.-]+ \S+:\d+(-\d+)?$/)
      }
      expect(names.has(testCase.name), `duplicate name ${testCase.name}`).toBe(false)
      names.add(testCase.name)
    }
  })
})
