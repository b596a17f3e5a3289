import type { Unit } from './Span'

export interface PackOptions {
  /** Token budget of the first piece (smaller when a heading is prefixed to it). */
  firstBudget: number
  /** Token budget of every later piece. */
  budget: number
  /**
   * About how many tokens of the previous piece to repeat at the start of the next, so a sentence cut
   * off from its context still has some. 0 for lists, tables and code, whose boundaries are natural.
   */
  overlapTokens: number
  /**
   * The last words of a unit worth about `tokens` tokens, for when even the last whole unit is far
   * over `overlapTokens` (a 90-token sentence); without it such pieces get no overlap.
   */
  tailOf?: (unit: Unit, tokens: number) => Unit | null
}

/**
 * Packs consecutive units (each within `budget`) greedily into pieces of at most `budget` tokens. A
 * piece after the first starts with the previous piece's last units, about `overlapTokens` of them
 * (see `pickOverlap`), and goes without the overlap when it would leave no room for the next unit.
 * Every piece holds at least one unit no earlier piece had.
 */
export function packUnits(units: readonly Unit[], options: PackOptions): Unit[] {
  const pieces: Unit[] = []
  let overlap: Unit | null = null
  let i = 0
  while (i < units.length) {
    const budget = pieces.length === 0 ? options.firstBudget : options.budget
    const first = units[i]!
    let piece: Unit = { ...first }
    if (overlap && overlap.tokens + first.tokens <= budget) {
      piece = { start: overlap.start, end: first.end, tokens: overlap.tokens + first.tokens }
    }
    let j = i + 1
    for (let next = units[j]; next && piece.tokens + next.tokens <= budget; next = units[++j]) {
      piece.end = next.end
      piece.tokens += next.tokens
    }
    pieces.push(piece)
    overlap = pickOverlap(units, i, j, piece.start, options.overlapTokens)
    if (!overlap && options.overlapTokens > 0 && options.tailOf) {
      overlap = options.tailOf(units[j - 1]!, options.overlapTokens)
    }
    i = j
  }
  return pieces
}

/**
 * The last units of the piece just made, worth about `target` tokens: as many whole units as fit in
 * `target`, or else the last unit alone if it is within 1.5 times the target. Always shorter than the
 * piece (starting at or after `pieceStart` would repeat it whole).
 */
function pickOverlap(
  units: readonly Unit[],
  from: number,
  to: number,
  pieceStart: number,
  target: number,
): Unit | null {
  if (target <= 0) return null
  const last = units[to - 1]!
  let start = -1
  let tokens = 0
  for (let k = to - 1; k >= from; k--) {
    const unit = units[k]!
    if (unit.start <= pieceStart || tokens + unit.tokens > target) break
    start = unit.start
    tokens += unit.tokens
  }
  if (start !== -1) return { start, end: last.end, tokens }
  return last.start > pieceStart && last.tokens <= target * 1.5 ? { ...last } : null
}
