import type { SyncLine } from './SyncLine'

const HEADER = ['case', 'n', 'median/p50 ms', 'p95 ms', 'rate', 'downloaded'] as const

/** The cells of one line: throughput lines show a median over runs, delay lines percentiles over samples. */
function cells(line: SyncLine): string[] {
  if ('documents_per_sec' in line) {
    const rate =
      `${line.documents_per_sec.toFixed(1)} docs/s` +
      (line.records_per_sec === null ? '' : `, ${Math.round(line.records_per_sec)} records/s`)
    const downloaded = `${(line.downloaded_bytes / 2 ** 20).toFixed(1)} MiB (${line.file_blobs} files, ${line.chunk_blobs} chunk blobs)`
    return [line.case, `${line.runs} runs`, line.median_ms.toFixed(1), '', rate, downloaded]
  }
  if ('records_per_sec' in line) {
    return [
      line.case,
      `${line.runs} runs`,
      line.median_ms.toFixed(1),
      '',
      `${Math.round(line.records_per_sec)} records/s`,
      '',
    ]
  }
  if ('chunks_per_document' in line) {
    const downloaded = `${(line.bytes_per_document / 1024).toFixed(1)} KiB per document`
    return [
      line.case,
      `${line.documents} docs`,
      line.p50_ms.toFixed(1),
      line.p95_ms.toFixed(1),
      '',
      downloaded,
    ]
  }
  return [line.case, `${line.edits} edits`, line.p50_ms.toFixed(1), line.p95_ms.toFixed(1), '', '']
}

/**
 * The sync benchmark's lines as an aligned plain-text table for people (stderr): the JSON lines on
 * stdout stay the record, with every field.
 */
export function syncTable(lines: readonly SyncLine[]): string {
  const rows = lines.map(cells)
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  return [format(HEADER), ...rows.map(format)].join('\n')
}
