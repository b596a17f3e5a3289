import { describe, expect, it } from 'vitest'
import { PERSIST_REFUSED } from '../settings/askPersistentStorage'
import { shortLine } from './shortLine'

describe('shortLine', () => {
  it('leaves a short message as it is', () => {
    expect(shortLine('“notes.md” is ready')).toBe('“notes.md” is ready')
  })

  it('takes a long message’s first sentence when that is short', () => {
    expect(
      shortLine('Signed out. This device’s data is kept, and sync resumes when you sign in again later.'),
    ).toBe('Signed out')
  })

  it('takes the first clause of a long first sentence', () => {
    expect(shortLine(PERSIST_REFUSED)).toBe('The browser did not grant Quire persistent storage')
    expect(
      shortLine(
        'Quire could not start its service worker: it will not open offline, and plugins and scripts cannot reach its API. Reload to try again.',
      ),
    ).toBe('Quire could not start its service worker')
  })

  it('cuts words at the limit, with an ellipsis, when no clause is short enough', () => {
    const line = shortLine('word '.repeat(40), 30)
    expect(line.endsWith('…')).toBe(true)
    expect(line.length).toBeLessThanOrEqual(31)
    expect(line).not.toMatch(/\s…$/)
  })

  it('cuts a single long word too', () => {
    expect(shortLine('x'.repeat(100), 20)).toBe(`${'x'.repeat(20)}…`)
  })
})
