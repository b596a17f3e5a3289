/** The designer's history: the present state, what undo goes back to, what redo goes forward to. */
export interface History<T> {
  past: readonly T[]
  present: T
  future: readonly T[]
}

export const HISTORY_LIMIT = 100

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] }
}

/** A new state: the old one can be undone, anything undone before is dropped. The same state is no step. */
export function pushState<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] }
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1)
  if (previous === undefined) return history
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future
  if (next === undefined) return history
  return { past: [...history.past, history.present], present: next, future: rest }
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0
export const canRedo = <T>(history: History<T>) => history.future.length > 0
