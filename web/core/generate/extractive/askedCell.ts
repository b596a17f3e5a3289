import { tokenize } from '../../retrieve/index/tokenize'

/**
 * A table row as a candidate sentence quotes it: its cells between " | ", its header's cells in brackets,
 * a header's own brackets among them ("Memory (MB)").
 */
const ROW_WITH_HEADER = /^(.+\s\|\s.+)\s\(((?:[^()]|\([^()]*\))+)\)$/u

/**
 * The cell of a quoted table row in the column the question names: "what colors does the trailblazer 500
 * come in" over "Colors | Green, Grey, Orange | Black, Blue (Feature, Trailblazer 500, Trailblazer 300)"
 * is "Colors, Trailblazer 500: Green, Grey, Orange". A column is named by a word of its header that the
 * other columns' headers lack ("500", "2017"), and only one column may be; null where the row has no
 * header, its cells and headers do not pair up, or the question names no one column.
 */
export function askedCell(rowText: string, ask: string): string | null {
  const match = ROW_WITH_HEADER.exec(rowText)
  if (!match) return null
  const cells = match[1]!.split(' | ').map((cell) => cell.trim())
  // A header row whose label cell is empty ("| 2018 | 2017") is quoted without it.
  const printed = match[2]!.split(', ').map((header) => header.trim())
  const headers = printed.length === cells.length - 1 ? ['', ...printed] : printed
  if (cells.length !== headers.length || cells.length < 3) return null
  const asked = new Set(tokenize(ask))
  const columns = headers.slice(1).map((header) => new Set(tokenize(header)))
  const named = columns.map(
    (terms, i) =>
      [...terms].filter((term) => asked.has(term) && columns.every((other, j) => j === i || !other.has(term)))
        .length,
  )
  const most = Math.max(...named)
  if (most === 0 || named.filter((count) => count === most).length > 1) return null
  const column = named.indexOf(most) + 1
  if (cells[column] === '') return null
  return `${cells[0]}, ${headers[column]}: ${cells[column]}`
}
