import type { Block } from '../../../DocumentModel'
import { childElements, childPath, firstChild, parseXml } from '../readXml'
import type { XmlElement } from '../readXml'
import type { Relationship } from '../relationships'
import type { ZipArchive } from '../zip'
import { drawingParagraphs } from './drawingParagraphs'
import type { DrawingParagraph } from './drawingParagraphs'

/** A slide's title (from its title placeholder) and its other text as blocks without page or path. */
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

/**
 * Reads a slide or notes page (`p:sld`, `p:notes`) shape tree in z-order: shapes, groups (their
 * members in order), tables (`a:tbl`) and SmartArt diagrams (their data part, via `rels`). Pictures,
 * charts and media are not read. `document` is the part as parseXml returned it.
 */
export function slideContent(
  document: XmlElement,
  rels: readonly Relationship[],
  zip: ZipArchive,
): SlideContent {
  const content: SlideContent = { blocks: [] }
  const root = childElements(document)[0]
  const tree = root === undefined ? undefined : childPath(root, 'p:cSld', 'p:spTree')
  if (tree !== undefined) walkShapes(tree, content, rels, zip)
  return content
}

function walkShapes(
  tree: XmlElement,
  content: SlideContent,
  rels: readonly Relationship[],
  zip: ZipArchive,
): void {
  for (const child of childElements(tree)) {
    if (child.name === 'p:sp') shape(child, content)
    else if (child.name === 'p:grpSp') walkShapes(child, content, rels, zip)
    else if (child.name === 'p:graphicFrame') graphicFrame(child, content, rels, zip)
  }
}

function shape(sp: XmlElement, content: SlideContent): void {
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
