import type { BenchLine } from './BenchLine'

export interface PluginLine extends BenchLine {
  /** Modules on the page whose rendering was timed. */
  modules?: number
  /** Milliseconds from sending the archive to the install's answer, median over the runs. */
  median_ms?: number
  min_ms?: number
  max_ms?: number
  runs?: number
  archive_kb?: number
  host?: 'server' | 'browser'
  browser?: string
}
