import type { Worker } from 'node:worker_threads'
import type { ParsedFile } from '../../../web/core/ingest/parse/parseDocument'
import type { TextParseOptions, TextParsing } from '../../../web/core/ingest/parse/TextParsing'
import { ParseError } from '../../../web/core/ingest/ParseError'
import type { TextParseReply, TextParseTask } from './textParseMessages'
import { tsxWorker } from './tsxWorker'
import { DEFAULT_INGEST_MEMORY_MB } from '../config'
import { workerFailure } from './workerFailure'

const WORKER_URL = new URL('./textParseWorker.ts', import.meta.url)
/** Past the parse's own time limit (which it checks between steps), the thread is terminated. */
const GRACE_MS = 1_000

/**
 * ApiPorts.parseText on the sync server: one worker thread, started on first use, reads one file at
 * a time while the others wait their turn here. Parsing is synchronous code, so in the request thread
 * a 2 MB page held every other person's request for a third of a second, and a hostile one for as long
 * as it liked; here a parse past its time limit is ended by terminating the thread, which is replaced
 * on the next use. Separate from the ingestion pool, so a web page never waits behind a long PDF.
 */
export class WorkerTextParsing {
  private worker: Worker | undefined
  private turn: Promise<unknown> = Promise.resolve()
  private nextId = 1
  private closed = false

  constructor(
    private readonly options: {
      /** INGEST_MEMORY_MB: the JS heap the thread may grow to (default DEFAULT_INGEST_MEMORY_MB). */
      memoryMb?: number
      /** How long past a parse's time limit the thread is given before it is ended (default GRACE_MS). */
      graceMs?: number
    } = {},
  ) {}

  readonly parse: TextParsing = (bytes, filename, options) => {
    const run = this.turn.then(() => this.run(bytes, filename, options))
    this.turn = run.catch(() => {})
    return run
  }

  async close(): Promise<void> {
    this.closed = true
    await this.worker?.terminate()
    this.worker = undefined
  }

  private run(
    bytes: Uint8Array,
    filename: string,
    { timeoutMs, kind }: TextParseOptions,
  ): Promise<ParsedFile> {
    if (this.closed) return Promise.reject(new Error('The text reader is closed'))
    const worker = (this.worker ??= this.spawn())
    const id = this.nextId++
    return new Promise<ParsedFile>((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
        settle()
      }
      // A thread that failed or overran is dropped; the next parse starts a new one.
      const kill = (error: Error) => {
        finish(() => reject(error))
        if (this.worker === worker) this.worker = undefined
        void worker.terminate()
      }
      const onMessage = (reply: TextParseReply) => {
        if (reply.id !== id) return
        if ('parsed' in reply) finish(() => resolve(reply.parsed))
        else if ('parseError' in reply)
          finish(() => reject(new ParseError(reply.parseError.code, reply.parseError.message)))
        else finish(() => reject(new Error(reply.failure)))
      }
      const onError = (error: Error) =>
        kill(workerFailure(error, this.options.memoryMb ?? DEFAULT_INGEST_MEMORY_MB))
      const onExit = () => kill(new Error('The text reader stopped unexpectedly'))
      const seconds = Math.round(timeoutMs / 1000)
      const timer = setTimeout(
        () =>
          kill(new ParseError('timeout', `Reading the file took longer than ${seconds} s and was stopped`)),
        timeoutMs + (this.options.graceMs ?? GRACE_MS),
      )
      worker.on('message', onMessage)
      worker.once('error', onError)
      worker.once('exit', onExit)
      // The worker gets a copy of its own (transferred): the caller's bytes stay intact.
      const copy = bytes.slice()
      worker.postMessage({ id, bytes: copy, filename, timeoutMs, kind } satisfies TextParseTask, [
        copy.buffer,
      ])
    })
  }

  private spawn(): Worker {
    const { memoryMb = DEFAULT_INGEST_MEMORY_MB } = this.options
    return tsxWorker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    })
  }
}
