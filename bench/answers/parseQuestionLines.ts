import { z } from 'zod'

/**
 * The questions of a JSONL text, each checked by `schema`, in order; throws naming the first line that
 * is not JSON or not a valid question (as `source:line`), and a text with none.
 */
export function parseQuestionLines<T>(jsonl: string, schema: z.ZodType<T>, source: string): T[] {
  const questions: T[] = []
  jsonl.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new Error(`${source}:${i + 1}: not JSON`)
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) throw new Error(`${source}:${i + 1}: ${z.prettifyError(parsed.error)}`)
    questions.push(parsed.data)
  })
  if (questions.length === 0) throw new Error(`${source}: no questions`)
  return questions
}
