import { isTag, isText, type ChildNode, type Element, type ParentNode } from 'domhandler'
import { DomUtils } from 'htmlparser2'
import type { BlockBuilder } from './BlockBuilder'
import { cleanInlineText } from './cleanInlineText'
import { BLOCK_TAGS, htmlInlineText } from './htmlInlineText'
import { isDroppedElement } from './isDroppedElement'

const HEADING = /^h([1-6])$/
/** Inside these, header/footer/aside are part of the content rather than page furniture. */
const SECTIONING_TAGS = new Set(['article', 'main', 'section'])

/**
 * Walks a parsed HTML tree in reading order and adds its blocks to `builder`: headings, paragraphs
 * (text runs between block boundaries), lists, tables and preformatted text. `inSection` says
 * whether `root` is itself content (an article, the main element, a Markdown fragment), which keeps
 * header/footer/aside inside it.
 */
export function appendHtmlBlocks(root: ParentNode, builder: BlockBuilder, inSection: boolean): void {
  const walker = new HtmlBlockWalker(builder)
  walker.children(root, inSection)
  walker.flush()
}

class HtmlBlockWalker {
  /** Inline text since the last block boundary; `\n` only where a `<br>` was. */
  private run = ''

  constructor(private readonly builder: BlockBuilder) {}

  children(parent: ParentNode, inSection: boolean): void {
    for (const child of parent.children) this.visit(child, inSection)
  }

  flush(): void {
    const text = cleanInlineText(this.run)
    this.run = ''
    this.builder.add('paragraph', text)
  }

  private visit(node: ChildNode, inSection: boolean): void {
    if (isText(node)) {
      // Source line breaks are just whitespace in HTML.
      this.run += node.data.replace(/\n/g, ' ')
      return
    }
    // Comments, doctypes and processing instructions carry no content.
    if (!isTag(node) || isDroppedElement(node, inSection)) return
    const name = node.name
    const heading = HEADING.exec(name)
    if (heading) {
      this.flush()
      this.builder.heading(Number(heading[1]), htmlInlineText(node))
    } else if (name === 'br') {
      this.run += '\n'
    } else if (name === 'ul' || name === 'ol') {
      this.flush()
      this.builder.add('list', listLines(node, 0).join('\n'))
    } else if (name === 'table' && !isLayoutTable(node)) {
      this.flush()
      this.table(node)
    } else if (name === 'dt') {
      // "Root cause" over its <dd>: the term goes with its definition (`chunkDocument`).
      this.flush()
      this.builder.term(htmlInlineText(node))
    } else if (name === 'pre') {
      this.flush()
      this.pre(node)
    } else if (BLOCK_TAGS.has(name)) {
      this.flush()
      this.children(node, inSection || SECTIONING_TAGS.has(name))
      this.flush()
    } else {
      this.children(node, inSection)
    }
  }

  private table(table: Element): void {
    const caption = DomUtils.findOne((element) => element.name === 'caption', table.children, false)
    if (caption) this.builder.add('paragraph', htmlInlineText(caption))
    const rows = tableRows(table).filter((row) => row.some((cell) => cell !== ''))
    this.builder.add('table', rows.map((row) => row.join(' | ')).join('\n'), rows)
  }

  private pre(pre: Element): void {
    // A newline right after <pre> is not part of its content (HTML parsing rule).
    const text = preText(pre).replace(/^\n/, '').trimEnd()
    if (isCode(pre, text)) {
      this.builder.add('code', text)
      return
    }
    // Plain-text documents served as one <pre> (RFCs, old manuals): paragraphs, not code.
    for (const paragraph of text.split(/\n[^\S\n]*\n/)) {
      this.builder.add('paragraph', cleanInlineText(paragraph))
    }
  }
}

/** One line per item, nested items indented two spaces per level; ordered items keep their number. */
function listLines(list: Element, depth: number): string[] {
  const lines: string[] = []
  const indent = '  '.repeat(depth)
  const ordered = list.name === 'ol'
  let number = Number.parseInt(list.attribs.start ?? '', 10) || 1
  for (const child of list.children) {
    if (!isTag(child) || isDroppedElement(child, true)) continue
    if (child.name === 'ul' || child.name === 'ol') {
      // A list directly inside a list (invalid, but common) is a nested list.
      lines.push(...listLines(child, depth + 1))
      continue
    }
    // Stray non-item content inside a list still reads as a line, just without a number.
    const numbered = ordered && child.name === 'li'
    if (numbered) number = Number.parseInt(child.attribs.value ?? '', 10) || number
    const text = htmlInlineText(child, true)
    if (text) lines.push(indent + (numbered ? `${number}. ` : '') + text)
    if (numbered) number++
    for (const nested of nestedLists(child)) lines.push(...listLines(nested, depth + 1))
  }
  return lines
}

/** The lists inside an item, outermost only (their own nested lists are theirs to write). */
function nestedLists(item: Element): Element[] {
  const found: Element[] = []
  const visit = (node: ChildNode): void => {
    if (!isTag(node) || isDroppedElement(node, true)) return
    if (node.name === 'ul' || node.name === 'ol') found.push(node)
    else node.children.forEach(visit)
  }
  item.children.forEach(visit)
  return found
}

/**
 * Tables used for page layout rather than data (nested tables, `role="presentation"`, a single
 * cell) are walked as containers, so their content becomes ordinary blocks.
 */
function isLayoutTable(table: Element): boolean {
  const role = table.attribs.role?.trim().toLowerCase()
  if (role === 'presentation' || role === 'none') return true
  if (DomUtils.findOne((element) => element.name === 'table', table.children)) return true
  return (
    DomUtils.findAll((element) => element.name === 'td' || element.name === 'th', table.children).length <= 1
  )
}

/** Rows of the table itself (header row first, as in the source), not of tables nested in cells. */
function tableRows(table: Element): string[][] {
  const rows: string[][] = []
  const visit = (parent: Element): void => {
    for (const child of parent.children) {
      if (!isTag(child) || isDroppedElement(child, true)) continue
      if (child.name === 'tr') rows.push(rowCells(child))
      else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') visit(child)
    }
  }
  visit(table)
  return rows
}

function rowCells(row: Element): string[] {
  return row.children
    .filter((cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'))
    .filter((cell) => !isDroppedElement(cell, true))
    .map((cell) => htmlInlineText(cell))
}

/** The text of a <pre> as laid out: whitespace kept, <br> as a line break, dropped elements left out. */
function preText(pre: Element): string {
  let text = ''
  const visit = (node: ChildNode): void => {
    if (isText(node)) text += node.data
    else if (isTag(node) && !isDroppedElement(node, true)) {
      if (node.name === 'br') text += '\n'
      else node.children.forEach(visit)
    }
  }
  pre.children.forEach(visit)
  return text
}

/**
 * Whether a <pre> holds code: it wraps <code>/<samp>/<kbd>, it or its parent is marked as code by
 * a highlighter's class, or its text is not prose-like (prose is mostly letters; code is dense
 * with punctuation). Getting it wrong only changes the block kind, never the text.
 */
function isCode(pre: Element, text: string): boolean {
  const marked = (element: Element | null): boolean =>
    element !== null &&
    /code|highlight|source|lang|brush|prettyprint|hljs|shiki|prism/i.test(element.attribs.class ?? '')
  if (DomUtils.findOne((element) => ['code', 'samp', 'kbd'].includes(element.name), pre.children)) return true
  if (marked(pre) || (pre.parent && isTag(pre.parent) && marked(pre.parent))) return true
  const visible = text.replace(/\s+/g, '')
  const letters = visible.replace(/[^\p{L}\p{N}]/gu, '').length
  return visible.length === 0 || letters / visible.length < 0.8
}
