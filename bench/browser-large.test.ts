import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserLargeSettingsFromEnv, defaultBrowserLargeSettings } from './browser-large'
import { keptBenchStores } from './lib/keptBenchStores'

describe('the browser benchmark at size', () => {
  it('makes 200 documents of 500 paragraphs unless told otherwise, and refuses a bad size', () => {
    expect(browserLargeSettingsFromEnv({})).toEqual(defaultBrowserLargeSettings)
    expect(defaultBrowserLargeSettings.documents * defaultBrowserLargeSettings.paragraphs).toBe(100_000)
    expect(browserLargeSettingsFromEnv({ BENCH_LARGE_DOCUMENTS: '4', BENCH_LARGE_PARAGRAPHS: '50' })).toEqual(
      {
        ...defaultBrowserLargeSettings,
        documents: 4,
        paragraphs: 50,
      },
    )
    for (const bad of ['0', '1.5', 'many', '-3', '100001']) {
      expect(() => browserLargeSettingsFromEnv({ BENCH_LARGE_DOCUMENTS: bad })).toThrow(
        /BENCH_LARGE_DOCUMENTS/u,
      )
      expect(() => browserLargeSettingsFromEnv({ BENCH_LARGE_PARAGRAPHS: bad })).toThrow(
        /BENCH_LARGE_PARAGRAPHS/u,
      )
    }
  })

  it('keeps the processed stores in BENCH_LARGE_KEEP, and refuses them for another size', async () => {
    expect(browserLargeSettingsFromEnv({ BENCH_LARGE_KEEP: '/tmp/kept' }).keep).toBe('/tmp/kept')
    expect(browserLargeSettingsFromEnv({}).keep).toBeUndefined()
    const folder = await mkdtemp(join(tmpdir(), 'quire-kept-'))
    try {
      const size = { documents: 4, paragraphs: 50 }
      const first = await keptBenchStores(folder, size)
      expect(first.state).toBeNull()
      const state = {
        ...size,
        port: 4999,
        server: { collectionId: 's', passages: 70 },
        page: { collectionId: 'p', passages: 70 },
      }
      await first.save(state)
      expect((await keptBenchStores(folder, size)).state).toEqual(state)
      await expect(keptBenchStores(folder, { documents: 5, paragraphs: 50 })).rejects.toThrow(/remove it/u)
      const stopped = await mkdtemp(join(tmpdir(), 'quire-kept-'))
      try {
        await writeFile(join((await keptBenchStores(stopped, size)).dataDir, 'quire.db'), '')
        await expect(keptBenchStores(stopped, size)).rejects.toThrow(/did not finish/u)
      } finally {
        await rm(stopped, { recursive: true, force: true })
      }
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
