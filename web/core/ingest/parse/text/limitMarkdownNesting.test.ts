import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../testing/corpusDir'
import { limitMarkdownNesting, MAX_INDENT, MAX_QUOTE_DEPTH } from './limitMarkdownNesting'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../../', import.meta.url)))

describe('limitMarkdownNesting', () => {
  it('leaves real documents as they are', () => {
    for (const name of readdirSync(`${corpus}/md`)) {
      const text = readFileSync(`${corpus}/md/${name}`, 'utf8')
      expect(limitMarkdownNesting(text) === text, name).toBe(true)
    }
    const nested =
      '> quote\n>> reply\n> > > spaced\n\n- a\n  - b\n      - c\n\t\t- tabbed\n\n        code > not a quote\n'
    expect(limitMarkdownNesting(nested)).toBe(nested)
  })

  it('drops quote markers past the limit and cuts long runs of leading whitespace, keeping the text', () => {
    // The last marker's space goes with it (the space after a marker is the marker's).
    expect(limitMarkdownNesting(`${'>'.repeat(100)} words\nnext`)).toBe(
      `${'>'.repeat(MAX_QUOTE_DEPTH)}words\nnext`,
    )
    expect(limitMarkdownNesting(`${'> '.repeat(40)}words`)).toBe(`${'> '.repeat(MAX_QUOTE_DEPTH)}words`)
    expect(limitMarkdownNesting(`${' '.repeat(500)}- item`)).toBe(`${' '.repeat(MAX_INDENT)}- item`)
    // Tabs count 4 columns: 17 of them are past the limit, 16 are not.
    expect(limitMarkdownNesting(`${'\t'.repeat(17)}x`)).toBe(`${' '.repeat(MAX_INDENT)}x`)
    expect(limitMarkdownNesting(`${'\t'.repeat(16)}x`)).toBe(`${'\t'.repeat(16)}x`)
    expect(limitMarkdownNesting(`>${' '.repeat(300)}>${' '.repeat(3)}x`)).toBe(
      `> ${' '.repeat(MAX_INDENT)}>   x`,
    )
  })
})
