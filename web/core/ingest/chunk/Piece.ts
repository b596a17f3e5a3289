export interface Piece {
  text: string
  /** An upper bound: the sum of its units' counts. */
  tokens: number
}
