import type { BrowserLargeLine } from './BrowserLargeLine'
import type { BrowserLine } from './BrowserLine'

/** The browser benches' lines as a plain-text table for stderr (the issue's "table before and after"). */
export function browserBenchTable(lines: readonly (BrowserLine | BrowserLargeLine)[]): string {
  const rows = [
    ['case', 'host', 'p50 ms', 'p95 ms', 'x server p50', 'x server p95', 'first word p50', 'other'],
  ]
  for (const line of lines) {
    rows.push([
      line.case,
      line.host ?? '',
      String(line.p50_ms ?? ''),
      String(line.p95_ms ?? ''),
      String(line.ratio_p50 ?? ''),
      String(line.ratio_p95 ?? ''),
      String(line.first_word_p50_ms ?? ''),
      line.processing_s !== undefined
        ? `${line.processing_s} s, ${line.pages ?? '?'} pages, ${line.passages} passages` + memory(line)
        : 'full_answer_ms' in line && line.full_answer_ms !== undefined
          ? `first answer ${line.first_answer_ms} ms, with every passage ${line.full_answer_ms} ms` +
            (line.full_answer_runs_ms ? ` (median of ${line.full_answer_runs_ms.join(', ')})` : '') +
            (line.ready_ms === undefined ? '' : ` (listening at ${line.ready_ms} ms)`)
          : line.same_passages_as_server !== undefined
            ? `${line.same_passages_as_server}/${line.n} same passages as the server`
            : '',
    ])
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n')
}

function memory(line: BrowserLine | BrowserLargeLine): string {
  if (!('peak_rss_mb' in line) || line.peak_rss_mb === undefined) return ''
  return (
    `, peak RSS ${line.peak_rss_mb} MB` +
    (line.chromium_peak_rss_mb === undefined ? '' : ` (all Chromium ${line.chromium_peak_rss_mb} MB)`) +
    (line.storage_mb === undefined ? '' : `, storage ${line.storage_mb} MB`) +
    (!('index_saved_s' in line) || line.index_saved_s === undefined
      ? ''
      : `, index saved ${line.index_saved_s} s after`)
  )
}
