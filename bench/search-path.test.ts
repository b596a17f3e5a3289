import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { measureSearchPath, type SearchPathLine } from './search-path'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.
describe('search-path benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('search-path')
  })

  it('processes a folder and times the search handler with its parts, one line', async () => {
    const emitted: SearchPathLine[] = []
    const lines = await measureSearchPath(
      { emit: (line) => emitted.push(line), progress: () => {} },
      { documents: 3, paragraphs: 20, questions: 3, rounds: 2 },
    )
    expect(emitted).toEqual(lines)
    const [line] = lines as [SearchPathLine]
    expect(line).toMatchObject({ benchmark: 'search-path', documents: 3, queries: 6 })
    expect(line.passages).toBeGreaterThan(20)
    expect(line.search.max_ms).toBeGreaterThan(0)
    // The parts are awaited within the search: together never more than it.
    const parts = Object.values(line.parts_mean_ms)
    expect(Math.min(...parts)).toBeGreaterThanOrEqual(0)
    expect(parts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(line.search.mean_ms)
    // Text documents have no pages: each search reads only the five passages it answers (none of these
    // three questions has an acronym, which reads every candidate where the five do not print it).
    expect(line.rows_read).toBe(5)
  })
})
