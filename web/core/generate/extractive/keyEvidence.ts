import { type QuestionUnderstanding, understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerRequest } from '../AnswerGenerator'
import { candidateSentences } from './candidateSentences'
import { chooseFigure } from './chooseFigure'
import { scoreSentences } from './scoreSentences'
import { tableFigures } from './tableFigures'

/** Sentences handed to a model first: enough to hold an answer spread over two or three. */
const KEY_SENTENCES = 3
/** Table rows handed with their headers and unit: enough to compute a growth rate or a ratio. */
const KEY_ROWS = 4

/**
 * What the extractive answerer would pick, for a model to read before the whole passages (DESIGN.md
 * section 12): the question as understood (its ask without instructions, the period, the unit and
 * rounding asked, the section named, the defined terms it uses), the table rows that best match with
 * their column headers and unit (the chosen cell first), and the best sentences, each with its [n].
 * Empty lines are left out; nothing when the sources hold nothing that matches.
 */
export function keyEvidence(request: Pick<AnswerRequest, 'question' | 'sources' | 'understanding'>): string {
  const understanding = request.understanding ?? understandQuestion(request.question)
  const lines: string[] = [...readingOf(understanding)]
  const figures = tableFigures(request.sources)
  const chosen = chooseFigure(understanding, figures, () => true)
  if (chosen) {
    const { figure } = chosen
    lines.push(
      `Best matching table cell: ${figure.label}, ${figure.header || 'column'}: ${figure.value}` +
        `${figure.unit ? ` (in ${figure.unit})` : ''} [${figure.source}]`,
    )
  }
  const rows = [...new Map(figures.map((figure) => [`${figure.source}|${figure.row}`, figure])).values()]
  const fitting = rows
    .filter((figure) => understanding.terms.some((term) => figure.labelTerms.includes(term)))
    .slice(0, KEY_ROWS)
  for (const figure of fitting) {
    lines.push(
      `Table row [${figure.source}]: ${figure.row}` +
        `${figure.headerRow ? ` — columns: ${figure.headerRow}` : ''}${figure.unit ? ` — in ${figure.unit}` : ''}`,
    )
  }
  const { ranked } = scoreSentences(understanding, candidateSentences(request.sources))
  for (const { sentence } of ranked.filter(({ coverage }) => coverage > 0).slice(0, KEY_SENTENCES)) {
    lines.push(`Sentence [${sentence.source}]: ${sentence.text}`)
  }
  return lines.join('\n')
}

function readingOf(understanding: QuestionUnderstanding): string[] {
  const lines = [`The question asks: ${understanding.ask}`]
  const periods = understanding.periods.map(({ year, quarter, latest }) =>
    latest ? 'the latest year the document reports' : `${quarter ? `Q${quarter} ` : ''}${year ?? ''}`.trim(),
  )
  if (periods.length > 0) lines.push(`Period: ${periods.join(', ')}`)
  if (understanding.unit) lines.push(`Answer in: ${understanding.unit}`)
  if (understanding.decimals !== null) lines.push(`Round to ${understanding.decimals} decimal places`)
  if (understanding.sections.length > 0) lines.push(`Use the: ${understanding.sections.join(', ')}`)
  for (const alias of understanding.aliases) {
    lines.push(
      `In these documents "${alias.terms.join(' ')}" is also written "${alias.forms.map((form) => form.join(' ')).join('", "')}"`,
    )
  }
  return lines
}
