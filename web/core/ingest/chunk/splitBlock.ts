import type { BlockKind } from '../DocumentModel'
import { packUnits } from './packUnits'
import type { Piece } from './Piece'
import type { SplitOptions } from './SplitOptions'
import type { Unit } from './Span'
import { splitLines } from './splitLines'
import { splitSentences } from './splitSentences'
import { splitTable } from './splitTable'
import { toUnits } from './toUnits'

/**
 * Splits one block's normalised text, too big for a chunk, into pieces within the budgets, each cut
 * where the block's kind allows: prose between sentences (overlapping), list items between items,
 * code between lines, tables between rows (header repeated). Anything still too big falls back to
 * sentences, then words.
 */
export function splitBlock(text: string, kind: BlockKind, options: SplitOptions): Piece[] {
  const { firstBudget, budget, countTokens } = options
  // Units must fit the smaller budget: packing always puts at least one unit in a piece.
  const unitBudget = Math.min(firstBudget, budget)
  const pack = (units: Unit[], overlapTokens: number, tailOf?: (unit: Unit, tokens: number) => Unit | null) =>
    packUnits(units, { firstBudget, budget, overlapTokens, tailOf })
  switch (kind) {
    case 'table':
      return splitTable(text, options)
    case 'code':
      return pack(toUnits(text, splitLines(text), [], unitBudget, countTokens), 0).map((piece) => ({
        text: text.slice(piece.start, piece.end).replace(/^\n+/u, '').trimEnd(),
        tokens: piece.tokens,
      }))
    case 'list':
      return slices(text, pack(toUnits(text, splitLines(text), [splitSentences], unitBudget, countTokens), 0))
    default: {
      const units = toUnits(text, splitSentences(text), [], unitBudget, countTokens)
      const tailOf = (unit: Unit, tokens: number) => wordTail(text, unit, tokens, countTokens)
      return slices(text, pack(units, options.overlapTokens, tailOf))
    }
  }
}

function slices(text: string, pieces: Unit[]): Piece[] {
  return pieces.map((piece) => ({ text: text.slice(piece.start, piece.end).trim(), tokens: piece.tokens }))
}

/** The shortest run of whole words ending `unit` worth at least `tokens` tokens (never all of it). */
function wordTail(
  text: string,
  unit: Unit,
  tokens: number,
  countTokens: (text: string) => number,
): Unit | null {
  let tail: Unit | null = null
  for (let at = text.lastIndexOf(' ', unit.end - 2); at > unit.start; at = text.lastIndexOf(' ', at - 1)) {
    const count = countTokens(text.slice(at + 1, unit.end))
    if (count > tokens * 1.5) break
    tail = { start: at + 1, end: unit.end, tokens: count }
    if (count >= tokens) break
  }
  return tail
}
