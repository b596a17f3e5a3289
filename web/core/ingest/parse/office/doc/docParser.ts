import { CharacterBudget } from '../../../CharacterBudget'
import type { Block, DocumentParser, ParsedDocument } from '../../../DocumentModel'
import { ParseError } from '../../../ParseError'
import { openCompoundFile } from '../compoundFile'
import { HeadingTrail } from '../HeadingTrail'
import { guardParse, throwIfAborted } from '../parseGuard'
import { summaryTitle } from '../summaryTitle'
import { docBlocks } from './docBlocks'
import type { DocParagraphInfo } from './docBlocks'
import { DocStyleSheet } from './DocStyleSheet'
import { ParagraphProperties } from './ParagraphProperties'
import { PieceTable } from './PieceTable'
import { readFib } from './readFib'
import { splitParagraphs } from './splitParagraphs'
import type { DocParagraph } from './splitParagraphs'

/**
 * Word 97-2003 (.doc): the FIB locates the piece table in the table stream; the pieces give the
 * text of the main story, footnotes and endnotes; paragraph properties and the stylesheet say
 * which paragraphs are table cells, row ends, list items and headings. Headers, footers, comments
 * and text boxes are left out. The title comes from the summary information, else the first heading.
 */
export const docParser: DocumentParser = {
  kinds: ['doc'],
  parse: (bytes, options) =>
    guardParse('The Word document is damaged and could not be read', () =>
      parseDoc(bytes, options.signal, new CharacterBudget(options.maxChars)),
    ),
}

/** A story's text is read whole (it is stored uncompressed, so no larger than the file); its blocks are counted. */
function parseDoc(
  bytes: Uint8Array,
  signal: AbortSignal | undefined,
  budget: CharacterBudget,
): ParsedDocument {
  const file = openCompoundFile(bytes, 'Word 97-2003 document')
  const wordDocument = file.stream('WordDocument')
  if (wordDocument === undefined)
    throw new ParseError('corrupt', 'The file is not a Word document (no WordDocument stream)')
  const fib = readFib(wordDocument)
  const tableStream = file.stream(fib.tableStream)
  if (tableStream === undefined || fib.clx.lcb === 0 || fib.clx.fc + fib.clx.lcb > tableStream.length) {
    throw new ParseError('corrupt', 'The Word document is damaged: its text table is missing')
  }
  const pieces = PieceTable.read(tableStream.subarray(fib.clx.fc, fib.clx.fc + fib.clx.lcb), wordDocument)
  const properties = new ParagraphProperties(tableStream, fib.plcfBtePapx, wordDocument)
  const styles = new DocStyleSheet(tableStream, fib.stshf)
  const infoOf = (paragraph: DocParagraph): DocParagraphInfo => {
    const fc = pieces.fcOf(paragraph.cp)
    const info = fc === undefined ? undefined : properties.at(fc)
    if (info === undefined) return { inTable: false, rowEnd: false, listItem: false }
    // A direct outline level overrides the style's (9 is body text).
    const outline = info.outlineLevel
    const headingLevel =
      outline === undefined ? styles.headingLevel(info.istd) : outline < 9 ? outline + 1 : undefined
    return headingLevel === undefined ? info : { ...info, headingLevel }
  }
  throwIfAborted(signal)

  // Stories follow each other in CP order: main text, footnotes, headers, comments, endnotes.
  const endnotesStart = fib.ccpText + fib.ccpFtn + fib.ccpHdd + fib.ccpAtn
  const stories: [number, number, HeadingTrail | undefined, string[]][] = [
    [0, fib.ccpText, new HeadingTrail(), []],
    [fib.ccpText, fib.ccpText + fib.ccpFtn, undefined, ['Footnotes']],
    [endnotesStart, endnotesStart + fib.ccpEdn, undefined, ['Endnotes']],
  ]
  const blocks: Block[] = []
  for (const [start, end, trail, basePath] of stories) {
    const to = Math.min(end, pieces.length)
    if (to <= start) continue
    // A story is read whole; one that could not fit the budget (twice over, for the field codes and
    // marks that are not text) fails before its string is built, not after.
    if (to - start > 2 * budget.max) budget.spend(to - start)
    const story = docBlocks(splitParagraphs(pieces.text(start, to), start), infoOf, trail, basePath)
    for (const block of story) budget.spend(block.text)
    blocks.push(...story)
  }
  if (blocks.length === 0) throw new ParseError('no_text', 'The document contains no extractable text')
  const title = summaryTitle(file) ?? blocks.find((block) => block.kind === 'heading')?.text
  return title === undefined ? { blocks } : { blocks, title }
}
