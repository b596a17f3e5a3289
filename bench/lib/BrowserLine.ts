import type { BenchLine } from './BenchLine'

/** Who answered: the page's direct path, the page's old path through the service worker, the server. */
export type BrowserBenchHost = 'page' | 'page-sw' | 'server'

export interface BrowserLine extends BenchLine {
  host?: BrowserBenchHost
  /** Timed requests. */
  n?: number
  p50_ms?: number
  p95_ms?: number
  /** This host's p50 and p95 over the server's, same case, same run. */
  ratio_p50?: number
  ratio_p95?: number
  /** Streams: time to the first word (`token` event), p50 and p95. */
  first_word_p50_ms?: number
  first_word_p95_ms?: number
  first_word_ratio_p50?: number
  /** Searches answered with the same passages (first 40 characters of each, in order) as the server. */
  same_passages_as_server?: number
  /** Processing the folder: wall time, pages, passages. */
  processing_s?: number
  pages?: number
  passages?: number
  browser?: string
}
