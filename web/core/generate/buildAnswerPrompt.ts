import type { AnswerRequest } from './AnswerGenerator'
import type { ChatTurn } from './ChatModel'
import { keyEvidence } from './extractive/keyEvidence'

/** Enough history to resolve "and what about it?", not so much that it crowds out the sources. */
const MAX_HISTORY_TURNS = 6
const MAX_HISTORY_CHARS = 1500

const INSTRUCTIONS = [
  'You answer questions about the user’s documents using only the numbered sources below.',
  'After each claim, cite the source it comes from as [n], for example [1] or [2][3].',
  'If the sources do not contain the answer, say plainly that the documents do not say, and do not guess.',
  'Be concise, and answer in the language of the question.',
].join(' ')

/**
 * The chat messages for an LLM answer: a system message with the instructions, the question as
 * understood and the key evidence chosen for it (`keyEvidence`: the sentences and table cells the
 * extractive answerer would pick, rows with their headers and unit), then the numbered sources ("[n] filename, page p — heading" then the text), the latest history turns (system turns
 * dropped, long turns clipped), then the question as the last user turn.
 */
export function buildAnswerPrompt(request: AnswerRequest): ChatTurn[] {
  const sources =
    request.sources.length === 0
      ? 'Sources: none. No passage of the documents matched this question.'
      : `Sources:\n\n${request.sources.map(formatSource).join('\n\n')}`
  const history = request.history
    .filter((turn) => turn.role !== 'system' && turn.content.trim() !== '')
    .slice(-MAX_HISTORY_TURNS)
    .map((turn) => ({ role: turn.role, content: clip(turn.content.trim(), MAX_HISTORY_CHARS) }))
  const evidence = request.sources.length === 0 ? '' : keyEvidence(request)
  const key = evidence === '' ? '' : `Read first (chosen from the sources below):\n${evidence}\n\n`
  return [
    { role: 'system', content: `${INSTRUCTIONS}\n\n${key}${sources}` },
    ...history,
    { role: 'user', content: request.question.trim() },
  ]
}

function formatSource(source: AnswerRequest['sources'][number]): string {
  let label = `[${source.number}] ${source.filename}`
  if (source.page !== null) label += `, page ${source.page}`
  if (source.heading) label += ` — ${source.heading}`
  if (source.url) label += ` (web page ${source.url})`
  // A model reads the passage's whole page where it was given one: the figure's row and year are there.
  return `${label}\n${(source.pageText ?? source.text).trim()}`
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}
