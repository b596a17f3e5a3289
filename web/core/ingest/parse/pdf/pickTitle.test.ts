import { describe, expect, it } from 'vitest'
import type { Block } from '../../DocumentModel'
import { pickTitle } from './pickTitle'

const heading: Block = { kind: 'heading', text: 'First Heading', level: 1, page: 1, headingPath: [] }

describe('pickTitle', () => {
  it('prefers the information dictionary, cleaned up', () => {
    expect(pickTitle({ Title: ' Overview of TAM\r\n' }, 'XMP', [heading])).toBe('Overview of TAM')
  })

  it.each([
    '',
    'Untitled',
    'paper.dvi',
    'C:\\My Documents\\SUMMARY6.WPD',
    'Microsoft Word - report.doc',
    '123',
  ])('skips the placeholder %j', (title) => {
    expect(pickTitle({ Title: title }, undefined, [heading])).toBe('First Heading')
  })

  it('strips the Word prefix from a real title', () => {
    expect(pickTitle({ Title: 'Microsoft Word - Annual Report' }, undefined, [])).toBe('Annual Report')
  })

  it('falls back to the XMP title, then to nothing', () => {
    expect(pickTitle({}, 'From XMP', [])).toBe('From XMP')
    expect(pickTitle(undefined, 42, [])).toBeUndefined()
  })
})
