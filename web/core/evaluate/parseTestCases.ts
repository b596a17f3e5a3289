import { lineLocator, scanJson } from './scanJson'
import type { TestCase } from './TestCase'
import { TestCaseError } from './TestCaseError'

export { TestCaseError } from './TestCaseError'

/** More cases than this is a mistake (a corpus dumped whole) rather than an evaluation anyone waits for. */
export const MAX_TEST_CASES = 10_000

/**
 * Reads a test-case file (DESIGN.md section 2) in any of three shapes:
 *
 *   {"test_cases": [{"id": "q1", "question": "...", "ground_truth": "...", "category": "..."}, ...]}
 *   [{"question": "...", "ground_truth": "..."}, ...]                     (a bare array)
 *   {"question": "...", "ground_truth": "..."}\n{"question": ...}\n...    (JSON Lines)
 *
 * Per case: `question` a non-empty string; `ground_truth` a non-empty string, a number (a year, a count:
 * written as text) or a non-empty list of acceptable answers; `answers` (the SQuAD/XQuAD field) may list
 * further acceptable answers or stand in for `ground_truth`; `id` a string or number, defaulting to the
 * case's position ("1", "2", ...) and unique; `category` a string or absent. Other fields are ignored.
 * Strings are trimmed. A UTF-8 byte order mark is tolerated.
 *
 * Throws `TestCaseError` worded for a person: invalid JSON with its line and column, the JSON Lines line
 * that is broken, or the case (by position and line) and field that is wrong. Nothing is half-accepted.
 */
export function parseTestCases(text: string): TestCase[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (source.trim() === '') throw new TestCaseError('the test-case file is empty')

  const items = readItems(source)
  if (items.length === 0) throw new TestCaseError('the test-case file has no test cases')
  if (items.length > MAX_TEST_CASES) {
    throw new TestCaseError(
      `the test-case file has ${items.length} test cases; at most ${MAX_TEST_CASES} are allowed`,
    )
  }

  const cases: TestCase[] = []
  const seen = new Map<string, number>()
  items.forEach((item, index) => {
    const where = item.line === null ? `test case ${index + 1}` : `test case ${index + 1} (line ${item.line})`
    const testCase = toTestCase(item.value, index, where)
    const earlier = seen.get(testCase.id)
    if (earlier !== undefined) {
      throw new TestCaseError(
        `${where}: id "${testCase.id}" is already used by test case ${earlier + 1}` +
          ' (a case without an id takes its position as id)',
      )
    }
    seen.set(testCase.id, index)
    cases.push(testCase)
  })
  return cases
}

interface Item {
  value: unknown
  line: number | null
}

function readItems(source: string): Item[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(source)
  } catch (error) {
    if (looksLikeJsonLines(source)) return readJsonLines(source)
    throw new TestCaseError(`the test-case file is not valid JSON: ${syntaxError(source, error)}`)
  }
  const locate = lineLocator(source)
  const lineOf = (offsets: number[], index: number): number | null => {
    const offset = offsets[index]
    return offset === undefined ? null : locate(offset).line
  }
  if (Array.isArray(parsed)) {
    const { caseOffsets } = scanJson(source)
    return parsed.map((value, index) => ({ value, line: lineOf(caseOffsets, index) }))
  }
  if (isObject(parsed) && 'test_cases' in parsed) {
    const list = parsed.test_cases
    if (!Array.isArray(list)) throw new TestCaseError('test_cases must be a list of test cases')
    const { caseOffsets } = scanJson(source)
    return list.map((value, index) => ({ value, line: lineOf(caseOffsets, index) }))
  }
  // One JSON Lines record is also one JSON object.
  if (isObject(parsed) && 'question' in parsed) {
    return [{ value: parsed, line: locate(source.search(/\S/u)).line }]
  }
  throw new TestCaseError(
    'the test-case file must be {"test_cases": [...]}, a JSON list of test cases, ' +
      'or JSON Lines (one test case object per line)',
  )
}

/**
 * Whole-file JSON failed; is it JSON Lines? Only when the first non-blank line is a JSON object by
 * itself and more lines follow. A pretty-printed JSON file starts with a lone `{` or `[`, so its syntax
 * errors are reported as JSON errors with a line and column, not as "line 1 is broken".
 */
function looksLikeJsonLines(source: string): boolean {
  const lines = source.split('\n').filter((line) => line.trim() !== '')
  if (lines.length < 2) return false
  try {
    return isObject(JSON.parse(lines[0]!))
  } catch {
    return false
  }
}

function readJsonLines(source: string): Item[] {
  const items: Item[] = []
  source.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return
    const line = index + 1
    try {
      items.push({ value: JSON.parse(raw), line })
    } catch (error) {
      throw new TestCaseError(`line ${line} is not valid JSON: ${syntaxError(raw, error)}`)
    }
  })
  return items
}

function syntaxError(text: string, engineError: unknown): string {
  const { error } = scanJson(text)
  if (error) {
    const { line, column } = lineLocator(text)(error.offset)
    return `${error.message} at line ${line}, column ${column}`
  }
  // The scanner found nothing (it should not happen): the engine's own words are the best left.
  return engineError instanceof Error ? engineError.message : String(engineError)
}

function toTestCase(value: unknown, index: number, where: string): TestCase {
  if (!isObject(value)) {
    throw new TestCaseError(
      `${where}: expected an object with question and ground_truth, found ${kindOf(value)}`,
    )
  }
  const question = typeof value.question === 'string' ? value.question.trim() : ''
  if (question === '') throw new TestCaseError(`${where}: question must be a non-empty string`)

  const answers = [...readAnswers(value.ground_truth, 'ground_truth', where)]
  for (const answer of readAnswers(value.answers, 'answers', where)) {
    if (!answers.includes(answer)) answers.push(answer)
  }
  const groundTruth = answers[0]
  if (groundTruth === undefined) {
    throw new TestCaseError(
      `${where}: ground_truth must be a non-empty string (or a list of acceptable answers)`,
    )
  }

  return {
    id: readId(value.id, index, where),
    question,
    ground_truth: groundTruth,
    answers,
    category: readCategory(value.category, where),
  }
}

/** The acceptable answers a field gives; absent (undefined or null) gives none. */
function readAnswers(field: unknown, name: string, where: string): string[] {
  if (field === undefined || field === null) return []
  const single = answerText(field)
  if (single !== null) {
    if (single === '') throw new TestCaseError(`${where}: ${name} must be a non-empty string`)
    return [single]
  }
  if (Array.isArray(field) && field.length > 0) {
    const answers = field.map(answerText)
    if (answers.every((answer): answer is string => answer !== null && answer !== '')) return answers
  }
  throw new TestCaseError(
    `${where}: ${name} must be a non-empty string or a non-empty list of non-empty strings, found ${kindOf(field)}`,
  )
}

function answerText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

function readId(field: unknown, index: number, where: string): string {
  if (field === undefined || field === null) return String(index + 1)
  if (typeof field === 'number' && Number.isFinite(field)) return String(field)
  if (typeof field === 'string' && field.trim() !== '') return field.trim()
  throw new TestCaseError(`${where}: id must be a non-empty string or a number, found ${kindOf(field)}`)
}

function readCategory(field: unknown, where: string): string | null {
  if (field === undefined || field === null) return null
  if (typeof field !== 'string')
    throw new TestCaseError(`${where}: category must be a string, found ${kindOf(field)}`)
  return field.trim() === '' ? null : field.trim()
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list'
  if (typeof value === 'string') return value.trim() === '' ? 'an empty string' : 'a string'
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : 'a non-finite number'
  if (typeof value === 'boolean') return `${value}`
  return typeof value === 'object' ? 'an object' : typeof value
}
