/** A range [start, end) of a block's normalised text; chunk pieces are slices, never re-joined copies. */
export interface Span {
  start: number
  end: number
}

/** A span with its token count. */
export interface Unit extends Span {
  tokens: number
}
