import { describe, expect, it } from 'vitest'
import { browserLargeSettingsFromEnv, defaultBrowserLargeSettings } from './browser-large'

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
})
