import type { DocumentParser } from '../../DocumentModel'
import { BlockBuilder } from './BlockBuilder'
import { decodeText } from './decodeText'

/**
 * Plain text: one paragraph per run of lines between blank lines. Line breaks inside a paragraph are
 * kept (they may be layout: addresses, verse, aligned columns); trailing spaces go. No title: a
 * plain-text file has no marked-up heading. Paragraphs are cut one at a time, so a file past
 * `maxChars` stops at the paragraph that passes it (a 100 MB file is a million paragraphs).
 */
export const textParser: DocumentParser = {
  kinds: ['text'],
  async parse(bytes, options) {
    const builder = new BlockBuilder(options.maxChars)
    const text = decodeText(bytes)
    const blankLine = /\n[^\S\n]*\n/g
    for (let start = 0; start <= text.length;) {
      const match = blankLine.exec(text)
      const end = match ? match.index : text.length
      builder.add('paragraph', paragraphText(text.slice(start, end)))
      if (!match) break
      start = blankLine.lastIndex
    }
    return builder.finish(undefined)
  },
}

function paragraphText(paragraph: string): string {
  return paragraph
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '')
}
