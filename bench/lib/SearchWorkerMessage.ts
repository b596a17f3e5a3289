import type { SearchCaseInput, SearchCaseResult } from './runSearchCase'

/** What the page sends the search worker: the cases to run, one index size each, in order. */
export interface SearchWorkerRequest {
  cases: SearchCaseInput[]
}

/** What the search worker answers, message by message; `done` or `error` ends it. */
export type SearchWorkerMessage =
  | { type: 'progress'; message: string }
  | { type: 'result'; result: SearchCaseResult }
  | { type: 'done' }
  | { type: 'error'; message: string }
