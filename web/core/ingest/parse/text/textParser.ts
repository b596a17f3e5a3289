import type { DocumentParser } from '../../DocumentModel'
import { BlockBuilder } from './BlockBuilder'
import { decodeText } from './decodeText'

/**
 * Plain text: one paragraph per run of lines between blank lines. Line breaks inside a paragraph are
 * kept (they may be layout: addresses, verse, aligned columns); trailing spaces go. No title: a
 * plain-text file has no marked-up heading.
 */
export const textParser: DocumentParser = {
  kinds: ['text'],
  async parse(bytes) {
    const builder = new BlockBuilder()
    for (const paragraph of decodeText(bytes).split(/\n[^\S\n]*\n/)) {
      const text = paragraph
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .replace(/^\n+|\n+$/g, '')
      builder.add('paragraph', text)
    }
    return builder.finish(undefined)
  },
}
