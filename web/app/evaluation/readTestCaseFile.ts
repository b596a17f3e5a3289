/** Why the chosen file could not be read as test cases at all (the server judges the cases themselves). */
export class TestCaseFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TestCaseFileError'
  }
}

/**
 * Reads a test-case file in the page, since the browser host has no test-case folder to name: JSON
 * `{"test_cases": [...]}`, a JSON array, or JSON Lines. Only the file's shape is checked here; each case
 * (question, ground_truth, ids) is validated by the API, whose 400 names the case and field, so there is one
 * set of rules and one wording of them.
 */
export function readTestCaseText(text: string): unknown[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (source.trim() === '') throw new TestCaseFileError('The file is empty.')
  let whole: unknown
  try {
    whole = JSON.parse(source)
  } catch {
    return readJsonLines(source)
  }
  if (Array.isArray(whole)) return whole
  if (whole && typeof whole === 'object' && 'test_cases' in whole && Array.isArray(whole.test_cases)) {
    return whole.test_cases as unknown[]
  }
  // One JSON object on one line is also a one-case JSON Lines file.
  if (whole && typeof whole === 'object') return [whole]
  throw new TestCaseFileError('Expected {"test_cases": [...]}, a JSON array or JSON Lines.')
}

function readJsonLines(source: string): unknown[] {
  const cases: unknown[] = []
  source.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return
    try {
      cases.push(JSON.parse(line))
    } catch {
      throw new TestCaseFileError(
        `Line ${index + 1} is not valid JSON. Expected {"test_cases": [...]}, a JSON array or JSON Lines.`,
      )
    }
  })
  return cases
}

export async function readTestCaseFile(file: File): Promise<unknown[]> {
  return readTestCaseText(await file.text())
}
