import { createEffect, on } from 'solid-js'

/**
 * Keeps a growing list scrolled to its end whenever `changes` change, unless the reader has scrolled
 * up to read something earlier. Returns the list's scroll handler.
 */
export function createFollowScroll(list: () => HTMLElement, changes: () => unknown): () => void {
  let following = true
  createEffect(
    on(changes, () => {
      if (following) list().scrollTop = list().scrollHeight
    }),
  )
  return () => {
    const element = list()
    following = element.scrollHeight - element.scrollTop - element.clientHeight < 48
  }
}
