/** A passage's text in runs: plain text, or a table given as rows of cells (the first row its header). */
export type PassageSegment = { kind: 'text'; text: string } | { kind: 'table'; rows: string[][] }

/** How the ingest writes a table's row (web/core/ingest/chunk/normaliseBlockText.ts): cells joined so. */
const CELL_SEPARATOR = ' | '

/**
 * Splits a stored passage into text and tables. Tables reach a chunk as one line per row, cells joined
 * by " | " (a table split across chunks repeats its header row), so two or more consecutive such lines
 * with the same number of cells are a table; a lone line with a pipe in it stays text.
 */
export function passageSegments(text: string): PassageSegment[] {
  const segments: PassageSegment[] = []
  let prose: string[] = []
  let rows: string[][] = []

  const flushRows = () => {
    if (rows.length >= 2) {
      if (prose.length > 0) segments.push({ kind: 'text', text: prose.join('\n') })
      prose = []
      segments.push({ kind: 'table', rows })
    } else {
      prose.push(...rows.map((row) => row.join(CELL_SEPARATOR)))
    }
    rows = []
  }

  for (const line of text.split('\n')) {
    const cells = line.includes(CELL_SEPARATOR) ? line.split(CELL_SEPARATOR).map((cell) => cell.trim()) : []
    if (cells.length >= 2 && (rows.length === 0 || rows[0]?.length === cells.length)) {
      rows.push(cells)
      continue
    }
    flushRows()
    if (cells.length >= 2) rows.push(cells)
    else prose.push(line)
  }
  flushRows()
  if (prose.length > 0) segments.push({ kind: 'text', text: prose.join('\n') })
  return segments
}
