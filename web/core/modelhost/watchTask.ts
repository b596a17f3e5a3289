import { isTerminal, type InstallTask } from './InstallTask'

/**
 * A task's views as an async sequence: subscribes first (so nothing between the read and the
 * subscription is lost), yields the current view, then every change, and ends after a terminal one or
 * when `signal` aborts. Changes that arrive faster than they are read collapse into the latest.
 */
export async function* watchTask(
  read: () => Promise<InstallTask | undefined>,
  subscribe: (changed: () => void) => () => void,
  signal: AbortSignal,
): AsyncGenerator<InstallTask> {
  let dirty = false
  let wake: (() => void) | undefined
  const unsubscribe = subscribe(() => {
    dirty = true
    wake?.()
  })
  const onAbort = () => wake?.()
  signal.addEventListener('abort', onAbort)
  try {
    let last = ''
    while (!signal.aborted) {
      dirty = false
      const task = await read()
      if (!task) return
      const seen = JSON.stringify(task)
      if (seen !== last) {
        last = seen
        yield task
      }
      if (isTerminal(task)) return
      if (!dirty && !signal.aborted) {
        await new Promise<void>((resolve) => (wake = resolve))
        wake = undefined
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    unsubscribe()
  }
}
