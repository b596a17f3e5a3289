/** What a judge model's reply says, when it can be read. `confidence` is null when the model gave none. */
export interface JudgeReply {
  correct: boolean
  confidence: number | null
  reasoning: string
}

/**
 * Reads a judge model's reply leniently, since small local models seldom answer exactly as asked:
 *
 *  - `<think>…</think>` blocks (reasoning models) are ignored;
 *  - the first JSON object with a verdict field (`correct`, `is_correct` or `verdict`) wins, wherever it
 *    is: alone, inside a ```json fence, or after a preamble; its verdict may be a boolean or a word
 *    ("yes", "correct", "incorrect", ...); `confidence` may be a fraction or a percentage (85 -> 0.85);
 *  - failing that, a reply that starts with yes/correct/true or no/not/incorrect/wrong/false is
 *    taken as that verdict, the rest being the reasoning.
 *
 * Returns null when none of these applies; the caller falls back to token F1.
 */
export function readJudgeReply(reply: string): JudgeReply | null {
  const text = reply.replace(/<think>[\s\S]*?(?:<\/think>|$)/giu, ' ').trim()
  return fromJson(text) ?? fromLeadingWord(text)
}

function fromJson(text: string): JudgeReply | null {
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = closingBrace(text, start)
    if (end === -1) continue // an inner '{' may still close (a stray brace in prose before the JSON)
    let value: unknown
    try {
      value = JSON.parse(text.slice(start, end + 1))
    } catch {
      continue
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
    const record = value as Record<string, unknown>
    const correct = verdictOf(record.correct ?? record.is_correct ?? record.verdict)
    if (correct === null) continue
    const reasoning = record.reasoning ?? record.reason ?? record.explanation
    return {
      correct,
      confidence: confidenceOf(record.confidence),
      reasoning: typeof reasoning === 'string' ? reasoning.trim() : '',
    }
  }
  return null
}

/** Index of the '}' that closes the '{' at `start`, skipping braces inside strings; -1 when none. */
function closingBrace(text: string, start: number): number {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return -1
}

function verdictOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return null
  const word = value.trim().toLowerCase()
  if (POSITIVE.has(word)) return true
  if (NEGATIVE.has(word) || word.startsWith('not ')) return false
  return null
}

function confidenceOf(value: unknown): number | null {
  const number = typeof value === 'string' ? Number.parseFloat(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) return null
  if (number <= 1) return number
  return number <= 100 ? number / 100 : null
}

function fromLeadingWord(text: string): JudgeReply | null {
  // Markdown emphasis or a label often comes first: "**Yes.**", "Verdict: no".
  const match = /^[\s*_#>"'`]*(?:(?:verdict|answer|judgement|judgment)\s*:\s*)?[*_"'`]*([a-z]+)\b/iu.exec(
    text,
  )
  const word = match?.[1]?.toLowerCase()
  if (word === undefined) return null
  const correct = POSITIVE.has(word) ? true : NEGATIVE.has(word) || word === 'not' ? false : null
  if (correct === null) return null
  const reasoning = text
    .slice(match![0].length)
    .replace(/^[\s*_.,:;!"'`-]+/u, '')
    .trim()
  return { correct, confidence: null, reasoning }
}

const POSITIVE = new Set(['yes', 'true', 'correct', 'right'])
const NEGATIVE = new Set(['no', 'false', 'incorrect', 'wrong'])
