import type { Block, ParsedDocument } from '../DocumentModel'
import type { Chunk } from './Chunk'
import { ChunkAssembler, type Part } from './ChunkAssembler'
import { dropPageFurniture } from './dropPageFurniture'
import { estimateTokens } from './estimateTokens'
import { joinBrokenSentences } from './joinBrokenSentences'
import { normaliseBlockText } from './normaliseBlockText'
import { sameSection } from './sameSection'
import { splitBlock } from './splitBlock'

export interface ChunkOptions {
  /**
   * Chunks fill up to about this many tokens. Default 200 (DESIGN.md: about 200-300): measured with
   * `npm run bench quality` (hash-v1, furniture dropped), page hit@5 on the financebench-dev filings
   * for BM25 / hybrid was 0.3 / 0.6 at 256, 0.4 / 0.6 at 224, 0.6 / 0.8 at 200, 0.6 / 0.7 at 192,
   * 0.5 / 0.6 at 160 and 0.6 / 0.7 at 128, with xquad-en recall@5 unchanged (0.998 hybrid) from 128
   * to 256: a filing's page mixes a table, its notes and unrelated prose, and a smaller chunk lets a
   * page's best chunk be about one of them. Not smaller: prose chunks under ~200 tokens carry less
   * context to the chat (and xquad-en recall@1 starts to slip at 128).
   */
  targetTokens?: number
  /** No chunk is over this (a block up to it is kept whole). Default 320; at least `targetTokens`. */
  maxTokens?: number
  /**
   * About how many tokens to repeat between consecutive chunks cut from one long block of prose.
   * Default 40; at most a quarter of `targetTokens`.
   */
  overlapTokens?: number
  /**
   * The embedder's token counter. Default `estimateTokens`. It must be roughly additive: the count of
   * texts joined by whitespace at most the sum of their counts (true of the estimate and, but for
   * special tokens that only make sums larger, of WordPiece and BPE tokenizers).
   */
  countTokens?: (text: string) => number
  /**
   * Most chunks one document may make (IngestLimits.maxChunks); the chunk past it throws
   * ParseError('too_large') and chunking stops there. Default: no limit.
   */
  maxChunks?: number
}

/**
 * Cuts a parsed document into passages for search and embedding. Rules, in order of precedence:
 *
 * - Structure first. A heading (or slide title) closes the open chunk and is prefixed to the next, so
 *   a section's first chunk says what it is about ("Installation\n\n..."). A change of page or of
 *   heading path closes it too: a chunk belongs to one section and, where possible, one page. (A
 *   heading at the foot of a page stays with its content; the chunk's `page` is then the heading's.)
 * - Size next. Blocks accumulate up to `targetTokens`; a block that does not fit starts a new chunk
 *   and is kept whole up to `maxTokens`. A bigger block is split by its kind (see `splitBlock`): prose
 *   between sentences with about `overlapTokens` repeated, lists between items, code between lines,
 *   tables between rows with the header repeated. The last piece stays open for the blocks after it.
 * - What a paragraph ending in ':' announces (a list, code, items written as paragraphs; not a table) stays
 *   with it on its page: in one chunk when the two fit `maxTokens`, else the paragraph opens the next
 *   chunk, and a big block split after it has its first piece with it (`carryIntroduction`).
 * - Headings too long to be headings (over half the target) are treated as paragraphs.
 * - Page furniture (a running header, footer or page number at the edge of many pages) is left out
 *   (`dropPageFurniture`), and a sentence a page break cut in two is joined on its first page
 *   (`joinBrokenSentences`).
 *
 * Deterministic; no chunk is empty or over `maxTokens` (by `countTokens`). Continuation chunks of a
 * section do not repeat its heading text; their `heading` field carries it for callers that want it.
 */
export function chunkDocument(doc: ParsedDocument, options: ChunkOptions = {}): Chunk[] {
  const target = options.targetTokens ?? 200
  const max = Math.max(options.maxTokens ?? 320, target)
  // An overlap over a quarter of the target would make consecutive chunks mostly the same text.
  const overlap = Math.min(options.overlapTokens ?? 40, Math.floor(target / 4))
  const countTokens = options.countTokens ?? estimateTokens
  if (!Number.isInteger(target) || target < 8) {
    throw new RangeError('targetTokens must be an integer of at least 8')
  }
  if (!Number.isFinite(max)) throw new RangeError('maxTokens must be finite')
  if (!(overlap >= 0)) throw new RangeError('overlapTokens must not be negative')

  const assembler = new ChunkAssembler(countTokens, options.maxChunks)
  // Running headers, footers and page numbers say nothing about the page they are on (see there).
  // A sentence a page break cut in two is read whole, on the page where it starts.
  for (const block of joinBrokenSentences(dropPageFurniture(doc.blocks))) {
    const text = normaliseBlockText(block)
    if (text === '') continue
    const tokens = countTokens(text)
    if ((block.kind === 'heading' || block.kind === 'slide') && tokens <= target / 2) {
      // Headings in a row (a title, then a section) wait together, but never eat more than half the
      // first chunk of their section.
      if (!assembler.hasContent && assembler.prefixTokens + tokens > target / 2) assembler.flush()
      assembler.addHeading({ text, tokens, page: block.page, opens: [...block.headingPath, text] })
      continue
    }
    const part: Part = {
      text,
      tokens,
      kind: block.kind,
      page: block.page,
      headingPath: block.headingPath,
      ...(block.term ? { term: true as const } : {}),
    }
    const last = assembler.lastPart
    if (last && startsNewChunk(last, block)) assembler.flush()

    if (assembler.hasContent) {
      if (assembler.tokens + tokens <= target) {
        assembler.add(part)
        continue
      }
      // A table stands alone: its cells are read as figures by its rows and columns, and an introduction
      // carried into a filing's tables cost natural questions their figures (bench answers, natural report).
      if (block.kind === 'table') assembler.flush()
      else if (keepWithIntroduction(assembler, part, max)) continue
      else carryIntroduction(assembler, part, target)
    }
    if (assembler.tokens + tokens <= max) {
      assembler.add(part)
      continue
    }
    const pieces = splitBlock(text, block.kind, {
      firstBudget: target - assembler.tokens,
      budget: target,
      overlapTokens: overlap,
      countTokens,
    })
    pieces.forEach((piece, i) => {
      if (i > 0) assembler.flush()
      assembler.add({ ...part, text: piece.text, tokens: piece.tokens })
    })
  }
  assembler.flush()
  return assembler.chunks
}

/** A new page or section closes the chunk even without a heading block (parsers that only set paths). */
function startsNewChunk(last: Part, block: Block): boolean {
  return last.page !== block.page || !sameSection(last, block)
}

/** An introduction of fewer words before prose is a label ("NOTES:", "DISCLAIMERS:"), not a sentence. */
const MIN_INTRODUCTION_WORDS = 4

/**
 * Whether a paragraph ending in ':' announces `next`: a list whatever its words ("Key capabilities:"),
 * other blocks (items written as paragraphs, code) after a sentence ("You have the right to:", "If you
 * use Apache Maven:"), and a definition list's term its definition (`termOf`). A label's notes under a
 * table ("NOTES:" "DISCLAIMERS:" …) stay out of it.
 */
function announces(part: Part, next: Part): boolean {
  if (termOf(part, next)) return true
  if ((part.kind !== 'paragraph' && part.kind !== 'note') || !part.text.endsWith(':')) return false
  return next.kind === 'list' || part.text.split(/\s+/u).length >= MIN_INTRODUCTION_WORDS
}

/**
 * Whether a paragraph is a definition list's term (`Block.term`) before the paragraph saying what it is
 * ("Root cause" over "A defect in a software or human system that…"). Split from it, the definition
 * reads as of nothing.
 */
function termOf(part: Part, next: Part): boolean {
  return part.term === true && next.kind === 'paragraph'
}

/**
 * Keeps what follows a paragraph that announces it (a list, code, the items written as paragraphs)
 * with that paragraph: in the open chunk if both fit `max`, else by moving the paragraph
 * into the new chunk. False when neither works (the caller carries or splits them).
 */
function keepWithIntroduction(assembler: ChunkAssembler, next: Part, max: number): boolean {
  const intro = assembler.lastPart
  if (!intro || !announces(intro, next)) return false
  if (assembler.tokens + next.tokens <= max) {
    assembler.add(next)
    return true
  }
  if (assembler.partCount < 2 || intro.tokens + next.tokens > max) return false
  assembler.popLast()
  assembler.flush()
  assembler.add(intro)
  assembler.add(next)
  return true
}

/**
 * Closes the open chunk, except a last paragraph that announces what comes next (`announces`) and is
 * followed by a block too big to join it: the paragraph opens the next chunk instead, with the block
 * (split, its first piece joins the paragraph). A search or an answer that finds "Haskell has a number
 * of features that have been very helpful:" finds the features in the same passage. An announcing
 * paragraph of over half the target is not carried (the pieces after it would be starved). A new page
 * or section is no continuation: a chunk's page is the page its text is on.
 */
function carryIntroduction(assembler: ChunkAssembler, next: Part, target: number): void {
  const last = assembler.lastPart
  if (!last || !announces(last, next) || last.tokens > target / 2 || assembler.partCount < 2) {
    assembler.flush()
    return
  }
  assembler.popLast()
  assembler.flush()
  assembler.add(last)
}
