/**
 * Runs async tasks one at a time, in call order. A read-merge-write over an async store would lose
 * one of two interleaved writes to the same record; running them through one queue prevents it within
 * a process (several server processes over one database need the database's own locking). A failed
 * task rejects its own caller only; the queue goes on.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => task())
    this.tail = result.catch(() => undefined)
    return result
  }
}
