/** A page that holds the words looked for: how often, and the first occurrence in its context. */
export interface PageMatch {
  count: number
  /** About a line of the page around the first occurrence, spaces collapsed. */
  snippet: string
}

/** Characters of context either side of the first occurrence. */
const CONTEXT = 50

/**
 * Where `query` occurs in one page's text, ignoring case and runs of spaces (a PDF's text items join with
 * a space or a line break wherever the layout put one), or undefined when it does not.
 */
export function pageMatch(pageText: string, query: string): PageMatch | undefined {
  const text = pageText.replace(/\s+/g, ' ').trim()
  const wanted = query.replace(/\s+/g, ' ').trim().toLowerCase()
  if (!wanted) return undefined
  const lower = text.toLowerCase()
  const first = lower.indexOf(wanted)
  if (first === -1) return undefined
  let count = 0
  for (let at = first; at !== -1; at = lower.indexOf(wanted, at + wanted.length)) count++
  const start = Math.max(0, first - CONTEXT)
  const end = Math.min(text.length, first + wanted.length + CONTEXT)
  const snippet = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
  return { count, snippet }
}
