import { type QuestionUnderstanding, understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerRequest } from '../AnswerGenerator'
import { type AskedFor, askedFor, type AskKind } from './askedFor'
import { candidateSentences } from './candidateSentences'
import { chooseFigure } from './chooseFigure'
import { scoreSentences } from './scoreSentences'
import { tableFigures } from './tableFigures'
import { textValues } from './textValues'

/** Sentences handed to a model first: enough to hold an answer spread over two or three. */
const KEY_SENTENCES = 3
/** Table rows handed with their headers and unit: enough to compute a growth rate or a ratio. */
const KEY_ROWS = 4
/** Candidate values of the asked kind listed for a model. */
const KEY_VALUES = 5

/**
 * What the extractive answerer would pick, for a model to read before the whole passages (DESIGN.md
 * section 12): the question as understood (its ask without instructions, the kind of answer it asks for,
 * the thing asked about and its subject, the period, the unit and rounding asked, the section named, the
 * defined terms it uses), the candidate values of the asked kind, the table rows that best match with
 * their column headers and unit (the chosen cell first), and the best sentences, each with its [n].
 * Empty lines are left out; nothing when the sources hold nothing that matches.
 */
export function keyEvidence(request: Pick<AnswerRequest, 'question' | 'sources' | 'understanding'>): string {
  const understanding = request.understanding ?? understandQuestion(request.question)
  const asked = askedFor(understanding)
  const lines: string[] = [...readingOf(understanding), ...askedLines(asked)]
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
  const best = ranked.filter(({ coverage }) => coverage > 0).slice(0, KEY_SENTENCES)
  // The values of the asked kind these sentences print, as candidate answers: "2,300 [1]" for "how many".
  const values = new Set(
    best.flatMap(({ sentence }) =>
      textValues(sentence.text)
        .values.filter((value) => asked.values.includes(value.kind))
        .map((value) => `${value.text} [${sentence.source}]`),
    ),
  )
  if (values.size > 0) lines.push(`Candidate answers: ${[...values].slice(0, KEY_VALUES).join('; ')}`)
  for (const { sentence } of best) lines.push(`Sentence [${sentence.source}]: ${sentence.text}`)
  return lines.join('\n')
}

/** What an answer of each kind is, for a model: what to give, in what shape. */
const KIND_WORDING: Record<AskKind, string> = {
  person: "a person's or an organisation's name",
  date: 'a date or a year',
  amount: 'a number or an amount, with its unit',
  percentage: 'a percentage',
  duration: 'a length of time',
  place: 'a place',
  definition: 'what the term means, in a sentence',
  list: 'the items of a list, one a line',
  summary: "the document's gist in two or three sentences",
  'yes/no': 'yes or no, then why',
  description: 'an explanation in a few sentences',
}

function askedLines(asked: AskedFor): string[] {
  const lines = [`The answer to give: ${KIND_WORDING[asked.kind]}`]
  if (asked.focus) lines.push(`What it asks for: ${asked.focus}`)
  if (asked.subject.length > 0) lines.push(`What it is about: ${asked.subject.join(', ')}`)
  return lines
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
