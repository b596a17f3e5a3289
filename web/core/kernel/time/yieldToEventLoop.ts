/**
 * Lets the host's event loop run (I/O, timers, other requests) before going on. A long loop whose every
 * step awaits only promises that are already settled (an in-memory index, a synchronous SQLite driver)
 * otherwise never lets go of the thread: on the server, one evaluation run would hold up every other
 * request until it ended. `setImmediate` where the host has it (Node), else a zero timeout.
 */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)))
}
