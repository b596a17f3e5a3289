/** The deepest a line's blockquote markers (`>`) are read; more are dropped. */
export const MAX_QUOTE_DEPTH = 32
/** The most columns of one run of leading whitespace; a longer run is cut to this. */
export const MAX_INDENT = 64

/**
 * Markdown with its nesting bounded before marked reads it. marked lexes a nested blockquote or list
 * by re-reading its lines once per level, in time and memory that grow much faster than the file:
 * 2 MB of blockquotes deepening line by line took 5 s and 2.8 GB, and a list 5,000 levels deep ran
 * an ingest worker out of memory after 90 s. Real documents nest a handful of levels, so only a line
 * whose leading markers and whitespace run past what any of them uses is rewritten, keeping its
 * text: quote markers past MAX_QUOTE_DEPTH are dropped, and whitespace runs are cut to MAX_INDENT
 * columns (deeper indentation still nests; it just stops getting deeper).
 */
export function limitMarkdownNesting(markdown: string): string {
  // A prefix of at most 16 characters is within both limits (16 tabs are 64 columns).
  return markdown.replace(/^[ \t>]{17,}/gm, limitPrefix)
}

function limitPrefix(prefix: string): string {
  let quotes = 0
  // A marker goes with the one space after it, which belongs to it (else the spaces of dropped markers
  // would add up to an indented code block).
  return prefix.replace(/> ?|[ \t]+/g, (run) => {
    if (run.startsWith('>')) return ++quotes <= MAX_QUOTE_DEPTH ? run : ''
    return columns(run) <= MAX_INDENT ? run : ' '.repeat(MAX_INDENT)
  })
}

/** Tabs advance to the next multiple of 4, as CommonMark counts them. */
function columns(whitespace: string): number {
  let column = 0
  for (const char of whitespace) column = char === '\t' ? column + 4 - (column % 4) : column + 1
  return column
}
