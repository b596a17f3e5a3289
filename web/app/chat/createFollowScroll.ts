import { createEffect, createSignal, on, onCleanup, onMount, type Accessor } from 'solid-js'
import { keepThreadPlace, threadPlace } from './threadPlace'

export interface FollowScroll {
  /** The list's scroll handler. */
  onScroll: () => void
  /** False while the reader has scrolled up away from the end (the thread offers "Newest" then). */
  following: Accessor<boolean>
  /** Back to the end, and following again (the person sent a question, or pressed "Newest"). */
  toEnd: () => void
}

/** How near the end, in pixels, still counts as at the end (a last line half in view). */
const NEAR_END = 48

/**
 * Keeps a growing list scrolled to its end whenever `changes` change, unless the reader has scrolled
 * up to read something earlier.
 */
export function createFollowScroll(
  list: () => HTMLElement,
  changes: () => unknown,
  /** The thread's key in `threadPlace`: it opens where the reader left it, and remembers where they are. */
  place?: string,
): FollowScroll {
  // A thread left scrolled up opens there, not following; one left at its end (or new) opens at its end.
  let restore = place === undefined ? undefined : threadPlace(place)
  const [following, setFollowing] = createSignal(restore === undefined)
  // Where this code last put the list, so the scroll event that follows is not taken for the reader's. A
  // position rather than a flag: scroll events of one frame come as one, and a reader who scrolled up in
  // the frame the list was moved must still be seen (it kept following, and the answer pulled them down).
  let placed: number | undefined
  const toEnd = () => {
    const element = list()
    element.scrollTop = element.scrollHeight
    placed = element.scrollTop
    setFollowing(true)
  }
  createEffect(
    on(changes, () => {
      if (restore !== undefined) {
        // The scroll event this causes records the same place and keeps following off.
        list().scrollTop = restore
        restore = undefined
      } else if (following()) toEnd()
    }),
  )
  // The box itself changing size (a phone turned, its keyboard opening, a source panel beside it) keeps a
  // following reader at the end too.
  onMount(() => {
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following()) toEnd()
    })
    observer.observe(list())
    onCleanup(() => observer.disconnect())
  })
  return {
    onScroll: () => {
      const element = list()
      const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END
      const ours = placed !== undefined && Math.abs(element.scrollTop - placed) <= 1
      placed = undefined
      // The list moved by this code and grown since (more of the answer) is still following.
      if (ours && !atEnd) return
      setFollowing(atEnd)
      if (place !== undefined) keepThreadPlace(place, atEnd ? undefined : element.scrollTop)
    },
    following,
    toEnd,
  }
}
