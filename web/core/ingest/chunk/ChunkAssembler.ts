import type { BlockKind } from '../DocumentModel'
import { tooManyChunks } from '../IngestLimits'
import type { Chunk } from './Chunk'

/** A block, or one piece of a split block, waiting in the open chunk. */
export interface Part {
  text: string
  tokens: number
  kind: BlockKind
  page: number | undefined
  headingPath: readonly string[]
  /** A definition list's term (`Block.term`). */
  term?: true
}

/** A heading (or slide title) waiting to be prefixed to the next chunk. */
export interface PendingHeading {
  text: string
  tokens: number
  page: number | undefined
  /** The heading path of the section it opens (its own path plus itself). */
  opens: readonly string[]
}

/**
 * The open chunk: headings waiting for their first content, then content parts. `flush` closes it
 * into a `Chunk`, its pieces joined by blank lines. Budget decisions are the caller's, except the
 * document's limit: the flush that would make chunk `maxChunks + 1` throws ParseError('too_large').
 */
export class ChunkAssembler {
  readonly chunks: Chunk[] = []
  private headings: PendingHeading[] = []
  private parts: Part[] = []
  private headingTokens = 0
  private partTokens = 0

  constructor(
    private readonly countTokens: (text: string) => number,
    private readonly maxChunks = Number.POSITIVE_INFINITY,
  ) {}

  get hasContent(): boolean {
    return this.parts.length > 0
  }

  get partCount(): number {
    return this.parts.length
  }

  /** Tokens of the pending headings; the room the first content part loses to them. */
  get prefixTokens(): number {
    return this.headingTokens
  }

  /** An upper bound of the open chunk's tokens (the sum of its pieces' counts). */
  get tokens(): number {
    return this.headingTokens + this.partTokens
  }

  get lastPart(): Part | undefined {
    return this.parts[this.parts.length - 1]
  }

  /** A heading closes the chunk before it: its section starts a new one. */
  addHeading(heading: PendingHeading): void {
    if (this.hasContent) this.flush()
    this.headings.push(heading)
    this.headingTokens += heading.tokens
  }

  add(part: Part): void {
    this.parts.push(part)
    this.partTokens += part.tokens
  }

  popLast(): Part | undefined {
    const part = this.parts.pop()
    if (part) this.partTokens -= part.tokens
    return part
  }

  flush(): void {
    if (this.parts.length === 0 && this.headings.length === 0) return
    if (this.chunks.length >= this.maxChunks) throw tooManyChunks(this.maxChunks)
    const text = [...this.headings, ...this.parts].map((piece) => piece.text).join('\n\n')
    const page = this.headings[0]?.page ?? this.parts[0]?.page
    // A chunk of headings alone (a document ending in a heading) is placed in the section it opens.
    const path = this.parts[0]?.headingPath ?? this.headings[this.headings.length - 1]?.opens ?? []
    this.chunks.push({
      index: this.chunks.length,
      text,
      page: page ?? null,
      heading: path.length > 0 ? path.join(' > ') : null,
      tokenCount: this.countTokens(text),
    })
    this.headings = []
    this.parts = []
    this.headingTokens = 0
    this.partTokens = 0
  }
}
