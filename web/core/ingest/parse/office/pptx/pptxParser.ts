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
import { type SlideContent, slideContent } from './slideContent'

/**
 * PowerPoint 2007+ (.pptx): slides in presentation order (`p:sldIdLst`). Each slide yields a
 * `slide` block whose text is its title (or "Slide N"), then its shapes' text as paragraph, list
 * and table blocks, then its speaker notes as `note` blocks; every block has the slide number as
 * `page` and the slide title as headingPath. A slide without a title placeholder whose only text is
 * one short line ("Installing Git") is a section's divider: that line is its title, and the title of
 * the untitled slides after it ("Good: msysgit", "Best: gitextensions + p4merge"), up to the next
 * slide with a title of its own.
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
  // The slide's height places a stand-in title; PowerPoint's default 4:3 slide where it is not said.
  const height = Number(
    (presentation === undefined ? undefined : childPath(presentation, 'p:sldSz'))?.attrs.cy ??
      DEFAULT_SLIDE_HEIGHT,
  )
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
  let section: string | undefined
  slideParts.forEach((part, index) => {
    throwIfAborted(signal)
    const page = index + 1
    const rels = readRelationships(zip, part)
    const content = slideContent(parseXml(zip.text(part) ?? ''), rels, zip, height)
    const divider = content.title === undefined ? dividerLine(content.blocks) : undefined
    if (content.title !== undefined) section = undefined
    else if (divider !== undefined) section = divider
    // An empty slide (a picture's) is in no section by its text: it keeps its number.
    const title = content.title ?? (content.blocks.length > 0 ? section : undefined) ?? `Slide ${page}`
    firstTitle ??= content.title
    const notes = notesTexts(zip, rels)
    const push = (block: Block) => {
      budget.spend(block.text)
      blocks.push(block)
    }
    push({ kind: 'slide', text: title, page, headingPath: [title] })
    // A divider's line is its title, said once.
    const body = divider === undefined ? content.blocks : []
    for (const block of body) push({ ...block, page, headingPath: [title] })
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

/** EMUs: 7.5 inches. */
const DEFAULT_SLIDE_HEIGHT = 6_858_000

/** A section divider's line is this many words at most. */
const MAX_DIVIDER_WORDS = 8

/** The one short paragraph, ending no sentence, that is all an untitled slide says; undefined otherwise. */
function dividerLine(blocks: SlideContent['blocks']): string | undefined {
  const [only, ...rest] = blocks
  // A text box's paragraph, or a body placeholder's single line (read as a one-item list).
  if (only === undefined || rest.length > 0 || (only.kind !== 'paragraph' && only.kind !== 'list'))
    return undefined
  const text = only.text.trim()
  if (text.includes('\n')) return undefined
  const short = text !== '' && text.split(/\s+/u).length <= MAX_DIVIDER_WORDS
  return short && !/[.!?:;,]$/u.test(text) ? text : undefined
}

/** The texts of a slide's notes page (its notes placeholder and any other text shapes), if it has one. */
function notesTexts(zip: ZipArchive, slideRels: readonly Relationship[]): string[] {
  const notesPart = slideRels.find((rel) => relationshipKind(rel) === 'notesSlide')?.target
  const notesXml = notesPart === undefined ? undefined : zip.text(notesPart)
  if (notesPart === undefined || notesXml === undefined) return []
  const notes = slideContent(parseXml(notesXml), readRelationships(zip, notesPart), zip)
  return [...(notes.title === undefined ? [] : [notes.title]), ...notes.blocks.map((block) => block.text)]
}
