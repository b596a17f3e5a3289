import { CharacterBudget } from '../../../CharacterBudget'
import type { Block, DocumentParser, ParsedDocument } from '../../../DocumentModel'
import { ParseError } from '../../../ParseError'
import { coreTitle } from '../coreTitle'
import { HeadingTrail } from '../HeadingTrail'
import { guardParse, throwIfAborted } from '../parseGuard'
import { childElements, firstChild, parseXml } from '../readXml'
import type { XmlElement } from '../readXml'
import { mainPartName, relatedPart } from '../relationships'
import { isXmlPart, openZip } from '../zip'
import type { ZipArchive } from '../zip'
import { DocxBlockWriter } from './DocxBlockWriter'
import { StyleSheet } from './readStyles'

/**
 * Word 2007+ (.docx): the main document's body in order (headings from heading styles or outline
 * levels, numbered paragraphs as lists, tables with their rows), then footnotes and endnotes under
 * a 'Footnotes' / 'Endnotes' heading path. Headers, footers and comments are not read.
 */
export const docxParser: DocumentParser = {
  kinds: ['docx'],
  parse: (bytes, options) =>
    guardParse('The Word document is damaged and could not be read', () => {
      const zip = openZip(bytes, isXmlPart)
      throwIfAborted(options.signal)
      return parseDocx(zip, options.signal, new CharacterBudget(options.maxChars))
    }),
}

/** The XML parts are parsed whole; the walk over them stops at the block that passes `budget`. */
function parseDocx(
  zip: ZipArchive,
  signal: AbortSignal | undefined,
  budget: CharacterBudget,
): ParsedDocument {
  const documentPart = mainPartName(zip, 'word/document.xml')
  const documentXml = zip.text(documentPart)
  if (documentXml === undefined) {
    throw new ParseError('corrupt', 'The Word document is damaged: it has no main document part')
  }
  const body = firstChild(childElements(parseXml(documentXml), 'w:document')[0] ?? emptyElement, 'w:body')
  if (body === undefined)
    throw new ParseError('corrupt', 'The Word document is damaged: its document part has no body')

  const styles = new StyleSheet(zip.text(relatedPart(zip, documentPart, 'styles') ?? 'word/styles.xml'))
  const blocks: Block[] = []
  const main = new DocxBlockWriter(styles, blocks, new HeadingTrail(), [], budget)
  main.write(body)
  main.finish()
  throwIfAborted(signal)

  for (const [kind, root, note, label] of notesParts) {
    const xml = zip.text(relatedPart(zip, documentPart, kind) ?? `word/${kind}.xml`)
    if (xml === undefined) continue
    const notes = new DocxBlockWriter(styles, blocks, undefined, [label], budget)
    for (const element of childElements(childElements(parseXml(xml), root)[0] ?? emptyElement, note)) {
      // Separator notes hold the rule drawn above the notes, not text.
      const type = element.attrs['w:type'] ?? 'normal'
      if (type === 'normal') notes.write(element)
    }
    notes.finish()
  }

  if (!blocks.some((block) => block.text.trim() !== '')) {
    throw new ParseError('no_text', 'The document contains no extractable text')
  }
  const title = coreTitle(zip) ?? blocks.find((block) => block.kind === 'heading')?.text
  return title === undefined ? { blocks } : { blocks, title }
}

const emptyElement: XmlElement = { name: '', attrs: {}, children: [] }

const notesParts = [
  ['footnotes', 'w:footnotes', 'w:footnote', 'Footnotes'],
  ['endnotes', 'w:endnotes', 'w:endnote', 'Endnotes'],
] as const
