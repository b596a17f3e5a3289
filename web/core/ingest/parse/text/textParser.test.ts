import { describe, expect, it } from 'vitest'
import type { ParseError } from '../../ParseError'
import { textParser } from './textParser'

const encode = (text: string) => new TextEncoder().encode(text)

describe('textParser', () => {
  it('makes one paragraph per run of lines between blank lines', async () => {
    const parsed = await textParser.parse(encode('First line\nsecond line   \n\n  \r\n\nNext\n'), {})
    expect(parsed.blocks).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line', headingPath: [] },
      { kind: 'paragraph', text: 'Next', headingPath: [] },
    ])
    expect(parsed.title).toBeUndefined()
  })

  it('refuses empty and whitespace-only files', async () => {
    for (const text of ['', ' \n\t\n ']) {
      await expect(textParser.parse(encode(text), {})).rejects.toMatchObject({
        name: 'ParseError',
        code: 'no_text',
      } satisfies Partial<ParseError>)
    }
  })
})
