import type { TestCase } from './TestCase'

/**
 * Writes test cases as a test-case file that `parseTestCases` reads back to the same cases:
 * `{"test_cases": [...]}`, pretty-printed, `answers` only when there is more than one acceptable answer
 * and `category` only when set, so that a file is as plain as a person would write it.
 */
export function toTestCaseFile(cases: readonly TestCase[]): string {
  const test_cases = cases.map((testCase) => ({
    id: testCase.id,
    question: testCase.question,
    ground_truth: testCase.ground_truth,
    ...(testCase.answers.length > 1 ? { answers: testCase.answers } : {}),
    ...(testCase.category !== null ? { category: testCase.category } : {}),
  }))
  return `${JSON.stringify({ test_cases }, null, 2)}\n`
}
