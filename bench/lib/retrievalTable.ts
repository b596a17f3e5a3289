/** What a row of the retrieval table shows. */
export interface RetrievalRow {
  case: string
  recall_at_1: number
  recall_at_5: number
  mrr_at_10: number
}

/** The rows as an aligned plain-text table (a header, then one line per row, three decimals). */
export function retrievalTable(rows: readonly RetrievalRow[]): string {
  const header = ['case', 'R@1', 'R@5', 'MRR@10']
  const cells = rows.map((row) => [
    row.case,
    row.recall_at_1.toFixed(3),
    row.recall_at_5.toFixed(3),
    row.mrr_at_10.toFixed(3),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  )
  const format = (line: readonly string[]) =>
    line
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ')
  return [format(header), ...cells.map(format)].join('\n')
}
