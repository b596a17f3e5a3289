import { afterAll } from 'vitest'

/**
 * `create`, with everything it makes closed once the file's tests are done (worker pools and the
 * like, whose threads would otherwise outlive the run). Call it in a describe block.
 */
export function closedAfterAll<A extends unknown[], T extends { close(): Promise<void> }>(
  create: (...args: A) => T,
): (...args: A) => T {
  const made: T[] = []
  afterAll(() => Promise.all(made.map((thing) => thing.close())))
  return (...args) => {
    const thing = create(...args)
    made.push(thing)
    return thing
  }
}
