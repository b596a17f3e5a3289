import { ParseError } from '../../../web/core/ingest/ParseError'

/**
 * What a worker thread's 'error' means for the file it was reading. Running out of heap ends only the
 * worker (Node terminates it, and it is replaced), and the person is told the file is too big to
 * read, with the limit and how the operator raises it, not that something unexpected happened.
 */
export function workerFailure(error: Error, memoryMb: number): Error {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') return error
  return new ParseError(
    'too_large',
    `Reading this file needed more than ${memoryMb} MB of memory, the most one document may use, so it ` +
      'was stopped. The server’s operator can raise INGEST_MEMORY_MB; or split the file into smaller ones.',
  )
}
