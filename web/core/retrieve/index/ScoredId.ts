/** One search hit: a chunk id and its score, higher is better. Lists of these are ordered best first. */
export interface ScoredId {
  id: string
  score: number
}
