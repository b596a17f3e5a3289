import { createSignal } from 'solid-js'

/**
 * The parent pages the person folded in the navigation. Pages have no `is_expanded` of their own (routes keep
 * theirs in the API), so this is the device's choice, kept in localStorage; a page not listed is unfolded.
 */
const KEY = 'quire.navigation.folded-pages'

function read(): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [])
  } catch {
    return new Set()
  }
}

const [folded, setFolded] = createSignal<ReadonlySet<string>>(read())

export const foldedPages = folded

/** Folds (or unfolds) the given pages and remembers it on this device. */
export function setPagesFolded(ids: readonly string[], fold: boolean): void {
  const next = new Set(folded())
  for (const id of ids) {
    if (fold) next.add(id)
    else next.delete(id)
  }
  setFolded(next)
  try {
    localStorage.setItem(KEY, JSON.stringify([...next]))
  } catch {
    // Storage full or refused (private mode): the fold still holds until the page is reloaded.
  }
}
