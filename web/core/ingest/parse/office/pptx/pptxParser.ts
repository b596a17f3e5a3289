import { CharacterBudget } from '../../../CharacterBudget'
import type { Block, DocumentParser, ParsedDocument } from '../../../DocumentModel'
import { ParseError } from '../../../ParseError'
import { coreTitle } from '../coreTitle'
import { guardParse, throwIfAborted } from '../parseGuard'
import { childElements, childPath, parseXml } from '../readXml'
import { mainPartName, readRelationships, relationshipKind } from '../relationships'
import type { Relationship } from '../relationships'
import { isXmlPart, openZip } from '../zip'
import type { ZipArchive } from '../zip'
import { slideContent } from './slideContent'

/**
 * PowerPoint 2007+ (.pptx): slides in presentation order (`p:sldIdLst`). Each slide yields a
 * `slide` block whose text is its title (or "Slide N"), then its shapes' text as paragraph, list
 * and table blocks, then its speaker notes as `note` blocks; every block has the slide number as
 * `page` and the slide title as headingPath.
 */
export const pptxParser: DocumentParser = {
  kinds: ['pptx'],
  parse: (bytes, options) =>
    guardParse('The PowerPoint file is damaged and could not be read', () => {
      const zip = openZip(bytes, isXmlPart)
      return parsePptx(zip, options.signal, new CharacterBudget(options.maxChars))
    }),
}

/** Slide by slide; stops at the slide whose text passes `budget`. */
function parsePptx(
  zip: ZipArchive,
  signal: AbortSignal | undefined,
  budget: CharacterBudget,
): ParsedDocument {
  const presentationPart = mainPartName(zip, 'ppt/presentation.xml')
  const presentationXml = zip.text(presentationPart)
  if (presentationXml === undefined) {
    throw new ParseError('corrupt', 'The PowerPoint file is damaged: it has no presentation part')
  }
  const presentation = childElements(parseXml(presentationXml), 'p:presentation')[0]
  const slideIds =
    presentation === undefined
      ? []
      : childElements(childPath(presentation, 'p:sldIdLst') ?? presentation, 'p:sldId')
  const presentationRels = readRelationships(zip, presentationPart)
  // A slide listed twice (only a hostile file does that) is read once.
  const slideParts = [
    ...new Set(
      slideIds
        .map((slideId) => presentationRels.find((rel) => rel.id === slideId.attrs['r:id'])?.target)
        .filter((part): part is string => part !== undefined && zip.has(part)),
    ),
  ]
  if (slideParts.length === 0) throw new ParseError('no_text', 'The presentation has no slides')

  const blocks: Block[] = []
  let hasText = false
  let firstTitle: string | undefined
  slideParts.forEach((part, index) => {
    throwIfAborted(signal)
    const page = index + 1
    const rels = readRelationships(zip, part)
    const content = slideContent(parseXml(zip.text(part) ?? ''), rels, zip)
    const title = content.title ?? `Slide ${page}`
    firstTitle ??= content.title
    const notes = notesTexts(zip, rels)
    const push = (block: Block) => {
      budget.spend(block.text)
      blocks.push(block)
    }
    push({ kind: 'slide', text: title, page, headingPath: [title] })
    for (const block of content.blocks) push({ ...block, page, headingPath: [title] })
    for (const text of notes) push({ kind: 'note', text, page, headingPath: [title] })
    // A slide whose only "text" is the synthesised "Slide N" title has none.
    hasText ||= content.title !== undefined || content.blocks.length > 0 || notes.length > 0
  })
  if (!hasText) throw new ParseError('no_text', 'The presentation contains no extractable text')
  const title = coreTitle(zip) ?? firstTitle
  return title === undefined
    ? { blocks, pages: slideParts.length }
    : { blocks, pages: slideParts.length, title }
}

/** The texts of a slide's notes page (its notes placeholder and any other text shapes), if it has one. */
function notesTexts(zip: ZipArchive, slideRels: readonly Relationship[]): string[] {
  const notesPart = slideRels.find((rel) => relationshipKind(rel) === 'notesSlide')?.target
  const notesXml = notesPart === undefined ? undefined : zip.text(notesPart)
  if (notesPart === undefined || notesXml === undefined) return []
  const notes = slideContent(parseXml(notesXml), readRelationships(zip, notesPart), zip)
  return [...(notes.title === undefined ? [] : [notes.title]), ...notes.blocks.map((block) => block.text)]
}
