import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { fitFigures } from './chooseFigure'
import type { TableFigure } from './tableFigures'

/**
 * Each source holding a cell that may answer a figure question, with its best cell's score, best
 * first: how passages are ranked as evidence for a figure (`evidenceFirst`, `tableEvidence`). The
 * cells are scored together, as `chooseFigure` scores them for the answer.
 */
export function bestFitPerSource(
  understanding: QuestionUnderstanding,
  figures: readonly TableFigure[],
  mentions: (source: number, term: string) => boolean,
): Array<{ number: number; score: number }> {
  const best = new Map<number, number>()
  for (const { figure, score } of fitFigures(understanding, figures, mentions)) {
    if (score > (best.get(figure.source) ?? -Infinity)) best.set(figure.source, score)
  }
  return [...best].map(([number, score]) => ({ number, score })).sort((a, b) => b.score - a.score)
}
