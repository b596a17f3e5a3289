import { describe, expect, it } from 'vitest'
import { documentOwnWords } from './documentOwnWords'

describe('documentOwnWords', () => {
  it('holds what search says the document says about itself, and its file name', () => {
    const words = documentOwnWords({ filename: 'depd_History.md', about: new Set(['deprecate']) })
    expect(words.has('deprecate')).toBe(true)
    expect(words.has('depd')).toBe(true)
    expect(words.has('history')).toBe(true)
  })

  it('reads the file name alone where search said nothing', () => {
    const words = documentOwnWords({ filename: 'statuses-HISTORY.md' })
    expect(words.has('statuses')).toBe(true)
    expect(words.has('deprecate')).toBe(false)
  })
})
