import { ParseError } from '../../../web/core/ingest/ParseError'

/**
 * What a worker thread's 'error' means for the file it was reading. Running out of heap ends only the
 * worker (Node terminates it, and it is replaced), and the person is told the file is too big to
 * read, not that something unexpected happened.
 */
export function workerFailure(error: Error): Error {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') return error
  return new ParseError(
    'too_large',
    'Reading this file needed more memory than one document may use, so it was stopped',
  )
}
