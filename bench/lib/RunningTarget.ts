/** A server a benchmark load-tests; `stop` closes it and removes anything it wrote. */
export interface RunningTarget {
  url: string
  stop(): Promise<void>
}
