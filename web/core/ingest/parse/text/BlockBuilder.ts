import { CharacterBudget } from '../../CharacterBudget'
import type { Block, BlockKind, ParsedDocument } from '../../DocumentModel'
import { ParseError } from '../../ParseError'

/**
 * Collects blocks in reading order and keeps the heading path: a heading closes every open heading of
 * its level or deeper, and each block records the titles still open. Markdown, HTML inside Markdown,
 * and HTML pages all feed one builder so their headings nest together. Every block's text is
 * counted against `maxChars`: the block that passes it throws ParseError('too_large'), which ends
 * the parser's walk there.
 */
export class BlockBuilder {
  readonly blocks: Block[] = []
  private readonly budget: CharacterBudget
  private readonly open: { level: number; text: string }[] = []
  private firstH1: string | undefined
  private firstHeading: string | undefined

  constructor(maxChars?: number) {
    this.budget = new CharacterBudget(maxChars)
  }

  heading(level: number, text: string): void {
    const title = text.trim()
    // An empty heading (an anchor, an icon) would put a blank entry into every following path.
    if (!title) return
    this.budget.spend(title)
    const clamped = Math.min(6, Math.max(1, level))
    while ((this.open.at(-1)?.level ?? 0) >= clamped) this.open.pop()
    this.blocks.push({ kind: 'heading', text: title, level: clamped, headingPath: this.headingPath() })
    this.open.push({ level: clamped, text: title })
    this.firstHeading ??= title
    if (clamped === 1) this.firstH1 ??= title
  }

  /** Adds a block unless its text is blank. */
  add(kind: Exclude<BlockKind, 'heading'>, text: string, rows?: string[][]): void {
    if (!text.trim()) return
    this.budget.spend(text)
    const block: Block = { kind, text, headingPath: this.headingPath() }
    if (rows) block.rows = rows
    this.blocks.push(block)
  }

  /** Adds a definition list's term (`Block.term`) unless it is blank: a paragraph of its own. */
  term(text: string): void {
    this.add('paragraph', text)
    const last = this.blocks.at(-1)
    if (last?.text === text) last.term = true
  }

  /** The document's first level-1 heading, else its first heading. */
  headingTitle(): string | undefined {
    return this.firstH1 ?? this.firstHeading
  }

  /** The parsed document; a document without any text is an error, never an empty success. */
  finish(title: string | undefined): ParsedDocument {
    if (this.blocks.length === 0) throw new ParseError('no_text', 'The file contains no extractable text')
    const document: ParsedDocument = { blocks: this.blocks }
    if (title) document.title = title
    return document
  }

  private headingPath(): string[] {
    return this.open.map((heading) => heading.text)
  }
}
