/** A server a benchmark load-tests; `stop` closes it and removes anything it wrote. */
export interface RunningTarget {
  url: string
  /** The server's process id, where it runs in a process of its own (its memory can be read). */
  pid?: number
  stop(): Promise<void>
}
