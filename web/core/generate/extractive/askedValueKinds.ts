import { MEASURE_ADJECTIVES } from '../../retrieve/questionWords'
import type { ValueKind } from './textValues'

/**
 * The kinds of value a question's shape asks for, in English: "how many" a count, "how much" an amount,
 * "how long" a duration, "when" and "what year" a date, "what percentage" a percentage, "who" and
 * "where" a name. Question words are a closed class (as months are): the values themselves are read by
 * the language model (`textValues`), not listed here. Empty when the shape asks for no value ("what
 * is X", "how do I", "why").
 */
export function askedValueKinds(ask: string): ValueKind[] {
  const text = ask.toLowerCase().replace(/\s+/gu, ' ').trim()
  for (const [shape, kinds] of SHAPES) if (shape.test(text)) return kinds
  return []
}

const SHAPES: ReadonlyArray<[RegExp, ValueKind[]]> = [
  [
    /\b(?:what|which)\s+(?:percentage|percent|proportion|share|fraction)\b|\bwhat\s+%|\bhow\s+many\s+percent\b/u,
    ['percent'],
  ],
  [/\bhow\s+many\b|\b(?:what|which)\s+(?:is\s+the\s+|was\s+the\s+)?number\s+of\b/u, ['count', 'measure']],
  // "How much does it cost", "how much does she earn", "how much was Boeing fined": an amount of money.
  [
    /\bhow\s+much\b.*\b(?:cost|costs|costing|pay|pays|paid|charge|charges|charged|earn|earns|earned|spend|spends|spent|fine|fines|fined|owe|owes|owed|raise|raises|raised|donate|donates|donated|invest|invests|invested|worth)\b/u,
    ['money'],
  ],
  // "How much is a ticket", "how much was a loaf of bread": one of a thing, priced.
  [/\bhow\s+much\s+(?:is|are|was|were)\s+(?:a|an|one)\s/u, ['money']],
  [/\bhow\s+much\b/u, ['money', 'count', 'measure', 'percent']],
  // "What does the CEO earn", "what does the plan cost": the verb asks an amount of money.
  [/^what\s+(?:does|do|did|will|would)\s+.+?\s(?:earn|cost|charge|pay)\s*[?.!]*$/u, ['money']],
  [/\bhow\s+long\b/u, ['duration', 'measure']],
  [/\bhow\s+(?:often|frequently)\b/u, ['duration', 'count']],
  [/\bhow\s+old\b/u, ['duration', 'count', 'date']],
  [new RegExp(String.raw`\bhow\s+(?:${MEASURE_ADJECTIVES})\b`, 'u'), ['measure', 'count']],
  [
    /^(?:and\s+)?when\b|\b(?:what|which)\s+(?:year|date|day|month|time)\b|\bwhen\s+(?:was|were|did|is|does)\b/u,
    ['date'],
  ],
  [/\b(?:what|which)\s+(?:(?:is|was)\s+(?:the|its)\s+)?(?:price|cost|fee|salary)\b/u, ['money', 'count']],
  // "whats the late fee", "what's the split shift allowance": a thing priced, named last; an amount or a
  // share ("a fee of 1.5% of assets").
  [
    /^what(?:['’]?s|\s+is|\s+was|\s+are|\s+were)\s+(?:the|a|an|my|our|your|its|their)\s+(?:[\p{L}-]+\s+){0,3}(?:price|cost|fee|fees|charge|rent|deposit|salary|wage|allowance|fine|premium|dues|stipend)(?:\s+(?:for|of|per|on|in|under|at|with|from|to|by)\s+[^?]*)?\s*[?.!]*$/u,
    ['money', 'percent'],
  ],
  [/^(?:and\s+)?(?:who|whom|whose)\b|\bwho\s+(?:is|was|were|are|did|does|wrote|made)\b/u, ['name']],
  [/^(?:and\s+)?where\b/u, ['name']],
]
