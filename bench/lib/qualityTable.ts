/** What a row of the quality table shows: a set and method, its figures beside the baseline's. */
export interface QualityRow {
  set: string
  method: string
  figures: Readonly<Record<string, number>>
  baseline: Readonly<Record<string, number>>
}

/**
 * The rows as an aligned plain-text table: set, method, then each figure as `quire / baseline`
 * (three decimals), or alone where the baseline has no such figure (a way Quire searched before), the
 * figure names being those of the row's set (rows of different sets may have different names; each
 * row lists its own).
 */
export function qualityTable(rows: readonly QualityRow[]): string {
  const cells = [
    ['set', 'method', 'figures (quire / plain bm25 baseline)'],
    ...rows.map((row) => [
      row.set,
      row.method,
      Object.entries(row.figures)
        .map(([name, value]) => {
          const baseline = row.baseline[name]
          return `${name} ${value.toFixed(3)}${baseline === undefined ? '' : ` / ${baseline.toFixed(3)}`}`
        })
        .join('  '),
    ]),
  ]
  const widths = [0, 1].map((column) => Math.max(...cells.map((line) => line[column]!.length)))
  return cells
    .map((line) => [line[0]!.padEnd(widths[0]!), line[1]!.padEnd(widths[1]!), line[2]!].join('  ').trimEnd())
    .join('\n')
}
