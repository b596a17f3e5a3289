import type { BrowserLine } from './BrowserLine'

export interface BrowserLargeLine extends BrowserLine {
  documents?: number
  /** Processing: the kernel's peak resident set while the folder was processed, MB (Linux). */
  peak_rss_mb?: number
  /** Processing in the page: every Chromium process's peak, summed (the renderer's is `peak_rss_mb`). */
  chromium_peak_rss_mb?: number
  /** Processing in the page: the origin's storage use after it and its index's save (IndexedDB, mostly), MB. */
  storage_mb?: number
  /** Processing in the page: seconds from its last document to its search index saved whole in IndexedDB. */
  index_saved_s?: number
  /** Cold start: ms from opening the app (the page) or starting the process (the server) to the first answer. */
  first_answer_ms?: number
  /** Cold start: ms to the first answer with the passages the warm host gave (the whole index searched). */
  full_answer_ms?: number
  /** Cold start: each start's `full_answer_ms` (the line's own are their median). */
  full_answer_runs_ms?: number[]
  /** Cold start of the server: ms from starting the process to its listening (Node, tsx, the data opened). */
  ready_ms?: number
}
