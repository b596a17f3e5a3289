import { describe, expect, it } from 'vitest'
import { runConvergence } from './convergence'

// The longer run: `npx tsx scripts/sync-soak.ts 200` (many seeds, a summary, failing seeds named).
describe('sync convergence under faults (seeded simulation)', () => {
  for (const seed of [20_260_611, 7]) {
    it(`every replica ends equal to the server and no acknowledged write is lost (seed ${seed})`, async () => {
      const report = await runConvergence(seed)
      expect(report.problems).toEqual([])
      expect(report.ok).toBe(true)
      const s = report.stats
      // Every write was acknowledged in the end (outboxes empty), and the faults really happened.
      expect(s.ackedMutations).toBe(s.writes)
      expect(s.writes).toBeGreaterThan(500)
      expect(s.requestsDropped).toBeGreaterThan(0)
      expect(s.responsesDropped).toBeGreaterThan(0)
      expect(s.duplicatesDelivered + s.delayedDelivered).toBeGreaterThan(0)
      expect(s.driftRefusals).toBeGreaterThan(0)
      expect(s.compactedRecords).toBeGreaterThan(0)
      expect(s.resets).toBeGreaterThan(0)
      expect(s.openConflicts).toBeGreaterThan(0)
      expect(s.finalRecords).toBeGreaterThan(0)
    })
  }

  it('needs at least three clients', async () => {
    await expect(runConvergence(1, { clients: 2 })).rejects.toThrow(RangeError)
  })
})
