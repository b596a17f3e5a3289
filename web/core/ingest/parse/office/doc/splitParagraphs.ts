/** A paragraph of a Word 97-2003 story, with field codes removed. */
export interface DocParagraph {
  text: string
  /** What ended it: a paragraph mark, a table cell (or row-end) mark, or a page/section break. */
  end: 'paragraph' | 'cell' | 'break'
  /** The CP of the mark that ended it (its properties are keyed by this character). */
  cp: number
}

/**
 * Splits a story's text (`text[i]` is CP `startCp + i`) into paragraphs at paragraph marks (\r),
 * cell marks (\x07) and page/section breaks (\x0c). Fields (MS-DOC 2.8.25) are
 * \x13 instruction \x14 result \x15 and may nest: instructions are dropped and results kept. Line
 * breaks (\x0b) become newlines, non-breaking hyphens (\x1e) hyphens; other anchors (pictures,
 * footnote references, optional hyphens) are dropped. Text after the last mark is a paragraph too.
 */
export function splitParagraphs(text: string, startCp: number): DocParagraph[] {
  const paragraphs: DocParagraph[] = []
  // One entry per open field: true while its instruction is being read.
  const fields: boolean[] = []
  let hidden = 0
  let current = ''
  const close = (end: DocParagraph['end'], index: number) => {
    paragraphs.push({ text: current, end, cp: startCp + index })
    current = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? ''
    const code = char.charCodeAt(0)
    if (code === 0x13) {
      fields.push(true)
      hidden++
    } else if (code === 0x14) {
      if (fields[fields.length - 1] === true) {
        fields[fields.length - 1] = false
        hidden--
      }
    } else if (code === 0x15) {
      if (fields.pop() === true) hidden--
    } else if (code === 0x0d) {
      close('paragraph', i)
    } else if (code === 0x07 || code === 0x0c) {
      // Fields never span cells or sections: an unbalanced field in a damaged file hides at most
      // the rest of its cell or section, not the rest of the document.
      fields.length = 0
      hidden = 0
      close(code === 0x07 ? 'cell' : 'break', i)
    } else if (hidden === 0) {
      if (code === 0x0b) current += '\n'
      else if (code === 0x1e) current += '-'
      else if (code >= 0x20 || code === 0x09) current += char
    }
  }
  if (current !== '') close('paragraph', text.length)
  return paragraphs
}
