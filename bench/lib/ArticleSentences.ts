/** One article's title and its sentences in order: what synthetic chunks are drawn from. */
export interface ArticleSentences {
  title: string
  sentences: string[]
}
