import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { amount, type ChosenFigure, fitFigures, MAGNITUDE_TIE } from './chooseFigure'
import type { TableFigure } from './tableFigures'

/**
 * Each source holding a cell that may answer a figure question, with its best cell's score, best
 * first: how passages are ranked as evidence for a figure (`evidenceFirst`, `tableEvidence`). The
 * cells are scored together, as `chooseFigure` scores them for the answer, and sources whose best cells
 * fit as well are ordered as `chooseFigure` would choose between them: the largest amount first (the
 * statement's "Revenues | $ 81,288" before a note's "Revenues | $ 590").
 */
export function bestFitPerSource(
  understanding: QuestionUnderstanding,
  figures: readonly TableFigure[],
  mentions: (source: number, term: string) => boolean,
): Array<{ number: number; score: number }> {
  const best = new Map<number, ChosenFigure>()
  for (const fit of fitFigures(understanding, figures, mentions)) {
    const held = best.get(fit.figure.source)
    if (
      !held ||
      fit.score > held.score ||
      (fit.score === held.score && amount(fit.figure) > amount(held.figure))
    )
      best.set(fit.figure.source, fit)
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score)
  const top = ranked[0]?.score ?? 0
  const tied = ranked.filter(({ score }) => score >= top - MAGNITUDE_TIE)
  tied.sort((a, b) => amount(b.figure) - amount(a.figure) || b.score - a.score)
  return [...tied, ...ranked.slice(tied.length)].map(({ figure, score }) => ({
    number: figure.source,
    score,
  }))
}
