/**
 * The sentence of an answer that a citation chip ends (or follows): what the answer took from the cited
 * passage, so the page can mark the row or lines it read rather than the whole passage. Undefined for an
 * opener that is not a chip in an answer (the searched passages' Open buttons).
 */
export function citedSentence(opener: HTMLElement | null): string | undefined {
  if (!opener?.classList.contains('citation-chip')) return undefined
  const block = opener.closest('p, li, td, th, h1, h2, h3, h4, blockquote, .chat-markdown')
  if (!block) return undefined
  const range = document.createRange()
  range.setStart(block, 0)
  range.setEndBefore(opener)
  // Earlier chips' numbers are not words of the answer.
  const before = range.cloneContents()
  for (const chip of before.querySelectorAll('.citation-chip')) chip.remove()
  return lastSentence(before.textContent ?? '')
}

/** The last sentence of a text: after the last full stop, question or exclamation mark that ends one. */
export function lastSentence(text: string): string | undefined {
  const sentence = text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .pop()
    ?.trim()
  return sentence || undefined
}
