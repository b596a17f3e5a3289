import type { Block } from '../../../DocumentModel'
import { childElements, childPath, firstChild, parseXml } from '../readXml'
import type { XmlElement } from '../readXml'
import type { Relationship } from '../relationships'
import type { ZipArchive } from '../zip'
import { drawingParagraphs } from './drawingParagraphs'
import type { DrawingParagraph } from './drawingParagraphs'

/**
 * A slide's title (from its title placeholder, else from the text box that stands in for it) and its
 * other text as blocks without page or path.
 */
export interface SlideContent {
  title?: string
  blocks: Omit<Block, 'page' | 'headingPath'>[]
}

// Placeholders that repeat slide furniture (numbers, dates, footers, the notes page's slide image).
const furniture = new Set(['sldNum', 'dt', 'ftr', 'hdr', 'sldImg'])
const titles = new Set(['title', 'ctrTitle'])
// Body placeholders inherit bullets from the slide master unless a paragraph turns them off.
const bodies = new Set(['obj', 'body'])
// Diagram points that are connectors or presentation helpers carry no text of their own.
const diagramHelpers = new Set(['parTrans', 'sibTrans', 'pres', 'doc'])
// PowerPoint names a shape after the placeholder it was copied from ("Title 1", "Titre 1", "Titel 2").
const TITLE_NAME = /^(?:title|titre|titel|t[ií]tulo|titolo)\b/iu
/** A stand-in title is one line of this many words at most. */
const MAX_TITLE_WORDS = 12
/** A stand-in title found by place sits in this top share of the slide. */
const TITLE_BAND = 0.25

/** A top-level text shape of one line: where it sits, what PowerPoint named it, and its block. */
interface OneLine {
  text: string
  name: string
  top: number | undefined
  block: number
}

/** The top edges of a slide's top-level text shapes, and those of them that are one line. */
interface Layout {
  tops: (number | undefined)[]
  lines: OneLine[]
}

/**
 * Reads a slide or notes page (`p:sld`, `p:notes`) shape tree in z-order: shapes, groups (their
 * members in order), tables (`a:tbl`) and SmartArt diagrams (their data part, via `rels`). Pictures,
 * charts and media are not read. `document` is the part as parseXml returned it.
 */
export function slideContent(
  document: XmlElement,
  rels: readonly Relationship[],
  zip: ZipArchive,
  slideHeight?: number,
): SlideContent {
  const content: SlideContent = { blocks: [] }
  const root = childElements(document)[0]
  const tree = root === undefined ? undefined : childPath(root, 'p:cSld', 'p:spTree')
  const layout: Layout = { tops: [], lines: [] }
  if (tree !== undefined) walkShapes(tree, content, rels, zip, layout)
  if (content.title === undefined && slideHeight !== undefined) {
    const stand = standInTitle(layout, slideHeight)
    if (stand !== undefined) {
      content.title = stand.text
      content.blocks.splice(stand.block, 1)
    }
  }
  return content
}

/**
 * The line that serves as an untitled slide's title: many decks leave the title placeholder empty and
 * type the title into a text box ("Three Key Shifts" over the three shifts). It is the one-line shape
 * PowerPoint named after a title, else the one-line shape above every other text, near the top of
 * the slide, that reads as a heading (short, no sentence's end, not a web address).
 */
function standInTitle(layout: Layout, slideHeight: number): OneLine | undefined {
  const heading = (line: OneLine) =>
    line.text.split(/\s+/u).length <= MAX_TITLE_WORDS &&
    !/[.!?;,]$/u.test(line.text) &&
    !/^(?:https?:\/\/|www\.)/iu.test(line.text)
  const named = layout.lines.find((line) => TITLE_NAME.test(line.name) && heading(line))
  if (named !== undefined) return named
  if (layout.tops.length < 2 || layout.tops.some((top) => top === undefined)) return undefined
  const highest = Math.min(...(layout.tops as number[]))
  const top = layout.lines.filter((line) => line.top === highest)
  const line = top.length === 1 ? top[0] : undefined
  const alone = layout.tops.filter((t) => t === highest).length === 1
  return line !== undefined && alone && highest < slideHeight * TITLE_BAND && heading(line) ? line : undefined
}

// A group's members sit in the group's own coordinates, so only the slide's top level has a layout.
function walkShapes(
  tree: XmlElement,
  content: SlideContent,
  rels: readonly Relationship[],
  zip: ZipArchive,
  layout?: Layout,
): void {
  for (const child of childElements(tree)) {
    if (child.name === 'p:sp') shape(child, content, layout)
    else if (child.name === 'p:grpSp') walkShapes(child, content, rels, zip)
    else if (child.name === 'p:graphicFrame') graphicFrame(child, content, rels, zip)
  }
}

function shape(sp: XmlElement, content: SlideContent, layout?: Layout): void {
  const placeholder = childPath(sp, 'p:nvSpPr', 'p:nvPr', 'p:ph')
  const type = placeholder === undefined ? undefined : (placeholder.attrs.type ?? 'obj')
  if (type !== undefined && furniture.has(type)) return
  const body = firstChild(sp, 'p:txBody')
  const paragraphs = body === undefined ? [] : drawingParagraphs(body)
  if (paragraphs.length === 0) return
  if (type !== undefined && titles.has(type) && content.title === undefined) {
    content.title = paragraphs.map((p) => p.text).join(' ')
    return
  }
  if (layout !== undefined) {
    const offset = childPath(sp, 'p:spPr', 'a:xfrm', 'a:off')?.attrs.y
    const top = offset === undefined ? undefined : Number(offset)
    layout.tops.push(top)
    const only = paragraphs.length === 1 ? paragraphs[0]?.text.trim() : undefined
    if (only !== undefined && only !== '' && type === undefined) {
      const name = childPath(sp, 'p:nvSpPr', 'p:cNvPr')?.attrs.name ?? ''
      layout.lines.push({ text: only, name, top, block: content.blocks.length })
    }
  }
  content.blocks.push(...textBlocks(paragraphs, type !== undefined && bodies.has(type)))
}

/**
 * A shape's text: a list where its paragraphs are bulleted, else each paragraph a block of its own. A
 * slide's paragraphs are lines its author broke ("Maria Lopez, Ph.D." over "Center for Rural Policy"
 * over "March 12, 2014"), not one sentence wrapped: run together they would read as one line.
 */
function textBlocks(paragraphs: DrawingParagraph[], bulletedByDefault: boolean) {
  const isList = paragraphs.length > 1 && paragraphs.some((p) => p.bullet ?? bulletedByDefault)
  if (isList) return [{ kind: 'list' as const, text: paragraphs.map((p) => p.text).join('\n') }]
  return paragraphs.map((p) => ({ kind: 'paragraph' as const, text: p.text }))
}

function graphicFrame(
  frame: XmlElement,
  content: SlideContent,
  rels: readonly Relationship[],
  zip: ZipArchive,
) {
  const data = childPath(frame, 'a:graphic', 'a:graphicData')
  if (data === undefined) return
  const table = firstChild(data, 'a:tbl')
  if (table !== undefined) {
    const rows = childElements(table, 'a:tr')
      .map((row) => childElements(row, 'a:tc').map(cellText))
      .filter((cells) => cells.some((cell) => cell !== ''))
    if (rows.length > 0)
      content.blocks.push({ kind: 'table', text: rows.map((r) => r.join(' | ')).join('\n'), rows })
    return
  }
  const dataId = firstChild(data, 'dgm:relIds')?.attrs['r:dm']
  const dataPart = rels.find((rel) => rel.id === dataId)?.target
  const xml = dataPart === undefined ? undefined : zip.text(dataPart)
  if (xml !== undefined) {
    const items = diagramItems(parseXml(xml))
    if (items.length > 0)
      content.blocks.push({ kind: items.length > 1 ? 'list' : 'paragraph', text: items.join('\n') })
  }
}

// Merged-away cells (hMerge/vMerge) are empty, which keeps the columns aligned.
function cellText(cell: XmlElement): string {
  const body = firstChild(cell, 'a:txBody')
  return body === undefined
    ? ''
    : drawingParagraphs(body)
        .map((p) => p.text)
        .join(' ')
}

function diagramItems(document: XmlElement): string[] {
  const points = childPath(childElements(document, 'dgm:dataModel')[0] ?? document, 'dgm:ptLst')
  const items: string[] = []
  for (const point of points === undefined ? [] : childElements(points, 'dgm:pt')) {
    if (diagramHelpers.has(point.attrs.type ?? 'node')) continue
    const text = firstChild(point, 'dgm:t')
    if (text !== undefined) items.push(...drawingParagraphs(text).map((p) => p.text))
  }
  return items
}
