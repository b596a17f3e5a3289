import { expect, it } from 'vitest'
import type { OcrEngine } from './OcrEngine'
import { cachedOcrEngines } from './cachedOcrEngines'

const engine: OcrEngine = { recognize: () => Promise.reject(new Error('not used')) }

it('makes one engine per language set and keeps it', async () => {
  const made: string[] = []
  const load = cachedOcrEngines(async (languages) => {
    made.push(languages.join('+'))
    return engine
  })
  await load()
  await load(['eng'])
  await load(['eng', 'fra'])
  await load(['eng', 'fra'])
  expect(made).toEqual(['eng', 'eng+fra'])
})

it('forgets a start that failed, so the next call tries again', async () => {
  let calls = 0
  const load = cachedOcrEngines(async () => {
    calls++
    if (calls === 1) throw new Error('no worker')
    return engine
  })
  await expect(load()).rejects.toThrow('no worker')
  await expect(load()).resolves.toBe(engine)
  expect(calls).toBe(2)
})
