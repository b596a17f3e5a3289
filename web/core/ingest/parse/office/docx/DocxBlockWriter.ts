import { CharacterBudget } from '../../../CharacterBudget'
import { BULLET } from '../../../chunk/bullet'
import type { Block } from '../../../DocumentModel'
import { cleanLine, cleanText } from '../cleanText'
import type { HeadingTrail } from '../HeadingTrail'
import { childElements, childPath, firstChild } from '../readXml'
import type { XmlElement } from '../readXml'
import { paragraphText } from './paragraphText'
import { outlineLevel } from './readStyles'
import type { StyleSheet } from './readStyles'
import { isWrapper, tableRows } from './tableRows'

/**
 * Turns WordprocessingML block content (a `w:body`, a footnote, a text box) into blocks, in
 * document order: heading paragraphs become headings (tracked by `trail`, when there is one),
 * consecutive numbered paragraphs one list block, tables table blocks, other paragraphs paragraph
 * blocks. Empty paragraphs produce nothing. Call finish() after the last write(). Every block's
 * text is spent from `budget`, which throws ParseError('too_large') at the block that passes it.
 */
export class DocxBlockWriter {
  private list: { items: string[]; headingPath: string[] } | undefined

  constructor(
    private readonly styles: StyleSheet,
    private readonly blocks: Block[],
    /** Heading structure; undefined where headings are not structure (footnotes). */
    private readonly trail: HeadingTrail | undefined,
    private readonly basePath: readonly string[] = [],
    private readonly budget: CharacterBudget = new CharacterBudget(),
  ) {}

  write(container: XmlElement): void {
    for (const child of childElements(container)) {
      if (child.name === 'w:p') this.paragraph(child)
      else if (child.name === 'w:tbl') this.table(child)
      else if (isWrapper(child.name)) this.write(child)
    }
  }

  finish(): void {
    this.flushList()
  }

  private paragraph(paragraph: XmlElement): void {
    const textBoxes: XmlElement[] = []
    const raw = paragraphText(paragraph, textBoxes)
    const properties = firstChild(paragraph, 'w:pPr')
    const styleId = properties === undefined ? undefined : firstChild(properties, 'w:pStyle')?.attrs['w:val']
    const style = this.styles.paragraphStyle(styleId)
    // The paragraph's own outline level and numbering override its style's (numId 0 = none).
    const ownOutline =
      properties === undefined ? undefined : outlineLevel(firstChild(properties, 'w:outlineLvl'))
    const level = ownOutline === undefined ? style.headingLevel : ownOutline < 9 ? ownOutline + 1 : undefined
    const numId =
      properties === undefined ? undefined : childPath(properties, 'w:numPr', 'w:numId')?.attrs['w:val']
    const numbered = numId === undefined ? style.numbered : numId !== '0'

    if (level !== undefined && this.trail !== undefined && cleanLine(raw) !== '') {
      this.flushList()
      const text = cleanLine(raw)
      const headingPath = [...this.basePath, ...this.trail.enter(level, text)]
      this.push({ kind: 'heading', text, level: Math.min(level, 6), headingPath })
    } else if (numbered && cleanLine(raw) !== '') {
      const headingPath = this.path()
      if (this.list === undefined) this.list = { items: [], headingPath }
      // An item whose soft line breaks open bulleted entries ("Symptoms:", "＊ Fever", "＊ Cough") is a
      // label and its list, each on its line; any other item is one line.
      const lines = cleanText(raw).split('\n')
      this.list.items.push(...(lines.slice(1).every((line) => BULLET.test(line)) ? lines : [cleanLine(raw)]))
    } else if (cleanText(raw) !== '') {
      this.flushList()
      this.push({ kind: 'paragraph', text: cleanText(raw), headingPath: this.path() })
    }
    for (const box of textBoxes) this.write(box)
  }

  private table(table: XmlElement): void {
    this.flushList()
    const rows = tableRows(table)
    if (rows.length === 0) return
    const text = rows.map((cells) => cells.join(' | ')).join('\n')
    this.push({ kind: 'table', text, rows, headingPath: this.path() })
  }

  private flushList(): void {
    if (this.list === undefined) return
    const list = this.list
    this.list = undefined
    this.push({ kind: 'list', text: list.items.join('\n'), headingPath: list.headingPath })
  }

  private push(block: Block): void {
    this.budget.spend(block.text)
    this.blocks.push(block)
  }

  private path(): string[] {
    return [...this.basePath, ...(this.trail?.path() ?? [])]
  }
}
