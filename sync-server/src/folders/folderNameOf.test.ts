import { describe, expect, it } from 'vitest'
import { FOLDER_NAME_MAX, folderNameOf } from './folderNameOf'

/** A name a file system takes as one plain entry of a folder. */
function isSafeName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= FOLDER_NAME_MAX &&
    name !== '.' &&
    name !== '..' &&
    !name.startsWith('.') &&
    !/[/\\]/u.test(name) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/u.test(name) &&
    /^[\x20-\x7e]+$/u.test(name)
  )
}

const HOSTILE = [
  '../x',
  '..',
  '.',
  '...',
  '.hidden',
  'a/b',
  'a\\b',
  '/etc/passwd',
  'nul\u0000byte@example.com',
  'tab\there@example.com',
  'line\nbreak@example.com',
  'del\u007f@example.com',
  'josé@example.com',
  'ＡＬＩＣＥ',
  'İstanbul@example.com',
  '😀@example.com',
  '%2e%2e',
  'a~b',
  'x'.repeat(500),
  `${'é'.repeat(100)}@example.com`,
  '',
]

describe('folderNameOf', () => {
  it('keeps the names an operator writes down as they are, folded to lowercase', () => {
    expect(folderNameOf('alice')).toBe('alice')
    expect(folderNameOf('Alice.Smith')).toBe('alice.smith')
    expect(folderNameOf('ada_l-1')).toBe('ada_l-1')
    expect(folderNameOf('alice.smith+notes@example.com')).toBe('alice.smith+notes@example.com')
    expect(folderNameOf('Alice@Example.COM')).toBe(folderNameOf('alice@example.com'))
  })

  it.each([
    ['../x', '%2e.%2fx'],
    ['..', '%2e.'],
    ['.', '%2e'],
    ['a/b', 'a%2fb'],
    ['a\\b', 'a%5cb'],
    ['nul\u0000byte', 'nul%00byte'],
    ['josé', 'jos%c3%a9'],
    ['%2e', '%252e'],
    ['', '%'],
  ])(
    'escapes separators, dots that would name a parent or hide, control characters and the rest: %j',
    (value, name) => {
      expect(folderNameOf(value)).toBe(name)
    },
  )

  it('gives every hostile value a safe name of bounded length', () => {
    for (const value of HOSTILE) expect(isSafeName(folderNameOf(value)), JSON.stringify(value)).toBe(true)
  })

  it('never gives two different (folded) values the same name, long ones included', () => {
    const long = 'x'.repeat(500)
    const values = [
      ...HOSTILE,
      long.slice(0, -1) + 'y',
      long + 'x',
      'x'.repeat(FOLDER_NAME_MAX),
      'x'.repeat(FOLDER_NAME_MAX + 1),
      '%',
      '~',
      '%7e',
      'a.b',
      'a%2eb',
      '.a',
      '%2ea',
    ]
    const names = new Map<string, string>()
    for (const value of values) {
      const folded = value.toLowerCase()
      const name = folderNameOf(value)
      const before = names.get(name)
      if (before !== undefined)
        expect(before, `${JSON.stringify(value)} and ${JSON.stringify(before)}`).toBe(folded)
      names.set(name, folded)
    }
    expect(folderNameOf(long)).toHaveLength(80 + 1 + 32)
    expect(folderNameOf(long)).not.toBe(folderNameOf(long + 'x'))
  })
})
