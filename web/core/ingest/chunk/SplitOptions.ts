export interface SplitOptions {
  firstBudget: number
  budget: number
  overlapTokens: number
  countTokens: (text: string) => number
}
