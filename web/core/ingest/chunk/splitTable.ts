import { packUnits } from './packUnits'
import type { Piece } from './Piece'
import type { SplitOptions } from './SplitOptions'
import { splitLines } from './splitLines'
import { splitSentences } from './splitSentences'
import { toUnits } from './toUnits'

/**
 * Splits a table (one row per line, header first) between rows and repeats the header row at the top
 * of every part, so each part still says what its columns are. A header taking more than half the
 * budget is not repeated (there would be little room for rows); such a table splits like a list.
 */
export function splitTable(text: string, options: SplitOptions): Piece[] {
  const { firstBudget, budget, countTokens } = options
  const newline = text.indexOf('\n')
  const header = newline === -1 ? '' : text.slice(0, newline)
  const headerTokens = countTokens(header)
  const repeat = header !== '' && headerTokens <= Math.min(firstBudget, budget) / 2
  const bodyStart = repeat ? newline + 1 : 0
  const rowBudget = repeat ? budget - headerTokens : budget
  const firstRowBudget = repeat ? firstBudget - headerTokens : firstBudget
  // Units must fit the smaller budget: packing always puts at least one unit in a piece. A row over it
  // (a form's cell holding a paragraph) is cut between its sentences, so no part opens mid-sentence.
  const units = toUnits(
    text,
    splitLines(text, bodyStart),
    [splitSentences],
    Math.min(rowBudget, firstRowBudget),
    countTokens,
  )
  const pieces = packUnits(units, {
    firstBudget: firstRowBudget,
    budget: rowBudget,
    overlapTokens: 0,
  })
  return pieces.map((piece) => {
    const rows = text.slice(piece.start, piece.end).trim()
    return repeat
      ? { text: `${header}\n${rows}`, tokens: headerTokens + piece.tokens }
      : { text: rows, tokens: piece.tokens }
  })
}
