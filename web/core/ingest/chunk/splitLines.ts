import type { Span } from './Span'

/** Line spans, each with its trailing newline, so consecutive lines slice back to the original text. */
export function splitLines(text: string, offset = 0, end = text.length): Span[] {
  const spans: Span[] = []
  let start = offset
  while (start < end) {
    const newline = text.indexOf('\n', start)
    const stop = newline === -1 || newline >= end ? end : newline + 1
    spans.push({ start, end: stop })
    start = stop
  }
  return spans
}
