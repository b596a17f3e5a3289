import { processDocument, type ProcessPorts } from './processDocument'

interface Job {
  documentId: string
  password?: string
}

/**
 * Runs document processing in the background, `concurrency` at a time, in upload order. Passwords
 * live only in memory: a document resumed after a restart without one fails with "password
 * required" and the user supplies it again. At start the runtime queues documents a crash or a
 * closed tab left pending or processing again, so none stays `processing` forever.
 */
export class DocumentQueue {
  private readonly waiting: Job[] = []
  private readonly running = new Map<string, AbortController>()
  private idleWaiters: Array<() => void> = []

  constructor(
    private readonly ports: ProcessPorts,
    private readonly concurrency = 1,
    private readonly onError: (error: unknown) => void = console.error,
    /** Called each time the queue runs dry after processing (a folder's last document ended). */
    private readonly onDrained: () => void = () => {},
  ) {}

  /** Queues a document (again); a queued one is replaced, a running one is cancelled first. */
  enqueue(documentId: string, options: { password?: string } = {}): void {
    this.cancel(documentId)
    this.waiting.push({ documentId, password: options.password })
    this.pump()
  }

  /** Stops a queued or running document's processing (e.g. it was deleted). */
  cancel(documentId: string): void {
    const index = this.waiting.findIndex((job) => job.documentId === documentId)
    if (index >= 0) this.waiting.splice(index, 1)
    this.running.get(documentId)?.abort(new Error('Processing was cancelled'))
  }

  /** Resolves when nothing is queued or running (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.waiting.length === 0 && this.running.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Cancels everything; used on shutdown. Cancelled documents are resumed at the next start. */
  stop(): void {
    this.waiting.length = 0
    for (const controller of this.running.values()) controller.abort(new Error('Shutting down'))
  }

  private pump(): void {
    while (this.running.size < this.concurrency) {
      const job = this.waiting.shift()
      if (!job) break
      const controller = new AbortController()
      this.running.set(job.documentId, controller)
      processDocument(job.documentId, this.ports, { password: job.password, signal: controller.signal })
        .catch(this.onError)
        .finally(() => {
          if (this.running.get(job.documentId) === controller) this.running.delete(job.documentId)
          this.pump()
          if (this.waiting.length === 0 && this.running.size === 0) {
            this.onDrained()
            for (const resolve of this.idleWaiters.splice(0)) resolve()
          }
        })
    }
  }
}
