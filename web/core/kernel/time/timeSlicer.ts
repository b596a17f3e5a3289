import { yieldToEventLoop } from './yieldToEventLoop'

/**
 * How long one slice of a long job may hold the thread before it lets the event loop run. On the
 * server a request waits at most about this long behind such a job (the goal is under 100 ms at worst,
 * on a busy 2-core machine where the same work takes twice as long as on an idle one).
 */
export const SLICE_MS = 10

/**
 * For long loops over big documents (indexing, encoding, storing 100,000 chunks): call the returned
 * function between steps, and it yields to the event loop once `budgetMs` of work has passed since the
 * last yield, else resolves at once. Sliced by time rather than by a fixed count, because a step's cost
 * varies with the host, the load and the data (an add now and then grows a long postings list).
 */
export function timeSlicer(budgetMs = SLICE_MS): () => Promise<void> {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < budgetMs) return
    await yieldToEventLoop()
    since = performance.now()
  }
}
