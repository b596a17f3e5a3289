import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { clipItem, TABLE_ROW } from './listItems'
import { matchWord } from './matchWord'
import { passageLines } from './passageLines'

/** A column's header names what its cells are in a few words ("Method", "State", "Long gun"). */
const MAX_HEADER_WORDS = 3
/** "table 4", "tab. 2": a table asked for by its number. */
const NUMBERED_TABLE = /\b(table|tab\.)\s*(\d{1,3})\b/iu
/** A list answer quotes at most this many cells. */
const MAX_CELLS = 12

/**
 * "which methods were compared" beside a table whose header row names a column "Method": that column's
 * cells, one an item, under its header, cited. `head` is the list question's head noun as search reads
 * it ("methods"); a header holding it in any form ("Method") names the column. Null where no passage's
 * table has such a column, or it holds fewer than two cells.
 */
export function columnListed(
  head: string,
  sources: readonly AnswerSource[],
  /** The ask's search terms: a table whose passage holds more of them is the one asked of. */
  terms: readonly string[] = [],
  ask = '',
): string[] | null {
  // "which methods are compared in table 4": only the passage printing "Table 4".
  const numbered = NUMBERED_TABLE.exec(ask)
  const printed = numbered ? new RegExp(String.raw`\b${numbered[1]}\s+${numbered[2]}\b`, 'iu') : null
  const held = (source: AnswerSource) => {
    const words = tokenize(`${source.heading ?? ''} ${source.text}`)
    return terms.filter((term) => words.some((word) => matchWord(term, word) > 0)).length
  }
  const ranked = sources
    .filter((source) => printed === null || printed.test(source.text))
    .map((source, rank) => ({ source, rank, held: held(source) }))
    .sort((a, b) => b.held - a.held || a.rank - b.rank)
  for (const { source } of ranked) {
    const rows = passageLines(source.text).filter((line) => TABLE_ROW.test(line))
    const header = rows[0]?.split(' | ').map((cell) => cell.trim()) ?? []
    const at = header.findIndex((cell) => {
      const words = tokenize(cell)
      return (
        words.length > 0 &&
        words.length <= MAX_HEADER_WORDS &&
        words.some((word) => matchWord(head, word) > 0)
      )
    })
    if (at < 0) continue
    const cells = rows
      .slice(1)
      .map((row) => row.split(' | ')[at]?.trim() ?? '')
      .filter((cell) => /[\p{L}\p{N}]/u.test(cell))
    if (cells.length < 2) continue
    return [
      `${header[at]} [${source.number}]`,
      ...cells.slice(0, MAX_CELLS).map((cell) => `\n- ${clipItem(cell)}`),
    ]
  }
  return null
}
